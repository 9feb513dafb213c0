package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;

import io.jgrad.processor.analysis.ArrayEffects;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Ops;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Stmt.Origin;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.RuleNames;
import io.jgrad.processor.transform.TapeCode.Tape;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Packages a reverse rule's two sweeps as the functions callers see: the forward part, the reverse
 * part (chained through the tape by generated callers) and {@code fAdjoint}, which calls them
 * back to back and leaves the arguments as the primal does.
 */
final class ReverseParts {
  private static final String SNAPSHOTS = "io.jgrad.tape.Snapshots";

  private final Function function;
  private final Var result;
  private final ArrayEffects effects;
  private final Names names;
  private final TapeCode tape;
  private final java.util.function.Function<Var, Var> adjoint;
  private final Block setup;
  private final List<Var> locals;
  private final Set<Var> restoredClasses;

  /**
   * @param adjoint the adjoint variable of a variable of the function
   * @param setup what both parts run first; {@code locals} the variables of both parts
   * @param restoredClasses alias classes whose old elements the reverse sweep puts back
   */
  ReverseParts(Function function, Var result, ArrayEffects effects, Names names, TapeCode tape,
      java.util.function.Function<Var, Var> adjoint, Block setup, List<Var> locals,
      Set<Var> restoredClasses) {
    this.function = function;
    this.result = result;
    this.effects = effects;
    this.names = names;
    this.tape = tape;
    this.adjoint = adjoint;
    this.setup = setup;
    this.locals = locals;
    this.restoredClasses = restoredClasses;
  }

  /**
   * The forward part runs the forward sweep and leaves on the tape, after what the sweep recorded,
   * the locals the reverse sweep starts from; the reverse part takes them back and runs the
   * reverse sweep, leaving the array arguments as they were before the forward part. Generated
   * callers chain the two through the tape; {@code fAdjoint} calls them back to back.
   */
  ReverseTransform.Result split(List<Var> params, Var seed, Var scalarBars, Block forwardSweep,
      Block reverseSweep, Var value,
      Block seeding) {
    // scalar adjoints go back on the tape (in parameter order) rather than into a buffer, so a
    // generated caller needs no scratch array
    Block scalarPushes = new Block();
    for (Var p : function.params()) {
      if (p.isDifferentiableParam() && p.type().isFloating()) {
        scalarPushes.add(new Stmt.Eval(tape.invoke(Tape.DOUBLE, "push", ref(adjoint.apply(p))),
            Origin.NONE));
      }
    }
    Block reverseCode = new Block().addAll(seeding).addAll(reverseSweep)
        .addAll(scalarPushes);
    // what the reverse part reads before assigning it (a trip count it pops first is not)
    List<Var> live = new ArrayList<>(Blocks.readBeforeAssigned(reverseCode));
    live.retainAll(Blocks.assigned(forwardSweep));
    // a value the reverse part computes again from its own arguments ({@code t1 = x * a} of
    // parameters nothing assigns) rather than taking it from the tape: a push and a pop less
    // per call, which a recursion pays per level
    Block recomputed = new Block();
    Set<Var> assignedAnywhere = Blocks.assignedAnyhow(function.body());
    for (java.util.Iterator<Var> it = live.iterator(); it.hasNext(); ) {
      Var v = it.next();
      Expr again = v.isParam() ? null : soleValue(v, forwardSweep);
      if (again != null && recomputable(again, assignedAnywhere)) {
        recomputed.add(new Stmt.Assign(v, again, Origin.NONE));
        it.remove();
      }
    }
    // tapes first: making the pushes may add a tape to the setup both parts share
    Block pushes = new Block();
    for (Var v : live) {
      pushes.add(v.type().isArray()
          ? new Stmt.Eval(tape.invoke(Tape.REF, "push", ref(v)), Origin.NONE)
          : tape.push(v, Origin.NONE));
    }
    Block pops = new Block();
    for (int i = live.size() - 1; i >= 0; i--) {
      Var v = live.get(i);
      pops.add(v.type().isArray()
          ? new Stmt.Assign(v, new Expr.Cast(v.type(), tape.invoke(Tape.REF, "pop")), Origin.NONE)
          : tape.pop(v, Origin.NONE));
    }
    Block forwardBody = new Block();
    forwardBody.add(new Stmt.Comment("forward sweep: the primal, recording what the reverse"
        + " sweep needs", Origin.NONE));
    forwardBody.addAll(forwardSweep);
    if (value != null) {
      forwardBody.add(new Stmt.Assign(value, ref(result), Origin.NONE));
    }
    forwardBody.add(new Stmt.Comment("what the reverse sweep starts from", Origin.NONE));
    forwardBody.addAll(pushes);
    if (value != null) {
      forwardBody.add(new Stmt.Return(ref(value), Origin.NONE));
    }
    // the parts take the caller's tapes as their first parameter: a recursion looks them up
    // once, not once per level and sweep
    Var tapes = tape.tapes();
    Block partSetup = new Block();
    setup.stmts().stream().filter(st -> !(st instanceof Stmt.Assign a && a.target() == tapes))
        .forEach(partSetup::add);
    List<Var> partLocals = new ArrayList<>(locals);
    partLocals.remove(tapes);
    Block reverseBody = new Block().addAll(partSetup).addAll(pops).addAll(recomputed);
    reverseBody.add(new Stmt.Comment("reverse sweep: adjoints, from the last statement to the"
        + " first", Origin.NONE));
    reverseBody.addAll(reverseCode);
    // the arguments with their adjoint arrays: the forward sweep points row shadows into them
    List<Var> forwardParams = new ArrayList<>(params);
    forwardParams.remove(seed);
    forwardParams.remove(scalarBars);
    // no guard here: generated callers call the forward part inside their own guarded entry
    // (fAdjoint), and a recursion would otherwise keep four marks alive in every frame
    List<Var> forwardPartParams = new ArrayList<>(forwardParams);
    forwardPartParams.add(0, tapes);
    Function forwardPart = new Function(RuleNames.forwardPart(function.name()),
        forwardPartParams, function.returnType(),
        new Block().addAll(partSetup).addAll(forwardBody), partLocals);
    Function delegating = delegatingAdjoint(params, forwardParams, seed, scalarBars, value);
    List<Var> reverseParams = new ArrayList<>(params);
    reverseParams.remove(scalarBars);
    reverseParams.add(0, tapes);
    Function reversePart = new Function(RuleNames.reversePart(function.name()), reverseParams,
        Type.VOID, reverseBody, partLocals);
    return new ReverseTransform.Result(delegating, forwardPart, reversePart, Set.of(),
        Set.of());
  }

  /**
   * {@code fAdjoint} as the two parts back to back, so the sweeps are written once: the value
   * from the forward part, the reverse part seeded, and the scalar adjoints it leaves on the tape
   * added into {@code scalarBars}.
   */
  private Function delegatingAdjoint(List<Var> params, List<Var> forwardParams, Var seed,
      Var scalarBars, Var value) {
    Block body = new Block();
    Var delegateTapes = new Var(names.fresh("tapes"), TapeCode.TAPES, Var.Kind.TEMP);
    List<Expr> forwardArgs = forwardParams.stream().map(Ops::ref)
        .collect(java.util.stream.Collectors.toList());
    forwardArgs.add(0, ref(delegateTapes));
    List<Expr> reverseArgs = new ArrayList<>(forwardArgs);
    if (seed != null) {
      reverseArgs.add(ref(seed));
    }
    Expr forwardCall = new Expr.Call(ReverseTransform.SELF,
        RuleNames.forwardPart(function.name()), forwardArgs, function.returnType());
    List<Var> delegateLocals = new ArrayList<>();
    // a matrix whose rows the method moves: the caller's cotangents are by position, the
    // reverse part's by row object; convert once the forward part has moved the rows: clear
    // every array's entry objects before adding any saved cotangent (seed 304, program 331:
    // an element of one array may now be in another)
    Block clearEntries = new Block();
    Block toPositional = new Block();
    Block putBack = new Block();
    for (Var p : function.params()) {
      if (p.isConstant()) {
        continue; // @NoGrad: no adjoint of the caller's to convert (seed 3063, program 732)
      }
      if (p.type().dimensions() >= 2 && effects.movesRows(p)) {
        Var bar = adjoint.apply(p);
        Var entryRows = local(bar.name() + "Rows", bar.type(), delegateLocals);
        Var saved = local(bar.name() + "Out", bar.type(), delegateLocals);
        body.add(new Stmt.Assign(entryRows, snapshot("rows", bar), Origin.NONE));
        body.add(new Stmt.Assign(saved, snapshot("copy", bar), Origin.NONE));
        clearEntries.add(new Stmt.Eval(new Expr.Call(SNAPSHOTS, "clearRows",
            List.of(ref(entryRows)), Type.VOID), Origin.NONE));
        toPositional.add(new Stmt.Eval(new Expr.Call(SNAPSHOTS, "addPositional",
            List.of(ref(bar), ref(saved)), Type.VOID), Origin.NONE));
      } else if ((p.type().isRecordArray() || p.type().isRecord()) && p.type().hasShadow()
          && (effects.isWritten(p) || effects.writesArrays(p))) {
        // an array of records whose elements the method replaces, or objects whose fields it
        // reassigns (p.pos = new Vec3(..), bodies[i] = other): the same, with the tangent
        // class's helpers; the entry tangents are cleared before the forward part, which
        // detaches some of them (they come back, from the tape, in the reverse part)
        String tangents = p.type().shape().tangentName();
        boolean array = p.type().isArray();
        Var bar = adjoint.apply(p);
        Var saved = local(bar.name() + "Out", bar.type(), delegateLocals);
        body.add(new Stmt.Assign(saved, new Expr.Call(tangents, "copy", List.of(ref(bar)),
            bar.type()), Origin.NONE));
        body.add(new Stmt.Eval(new Expr.Call(tangents, array ? "clearEntry" : "clear",
            List.of(ref(bar)), Type.VOID), Origin.NONE));
        toPositional.add(new Stmt.Eval(new Expr.Call(tangents, array ? "addPositional" : "addTo",
            List.of(ref(bar), ref(saved)), Type.VOID), Origin.NONE));
      }
    }
    if (value != null) {
      delegateLocals.add(value);
      body.add(new Stmt.Assign(value, forwardCall, Origin.NONE));
    } else {
      body.add(new Stmt.Eval(forwardCall, Origin.NONE));
    }
    // the reverse part puts the arguments (and the result's contents) back as they were before:
    // the caller gets the primal's final rows and contents back after it
    for (Var p : function.params()) {
      if (p.type().dimensions() >= 2 && effects.movesRows(p)) {
        Var rows = local(p.name() + "FinalRows", p.type(), delegateLocals);
        body.add(new Stmt.Assign(rows, snapshot("rows", p), Origin.NONE));
        putBack.add(new Stmt.Eval(new Expr.Call(SNAPSHOTS, "restoreRows",
            List.of(ref(p), ref(rows)), Type.VOID), Origin.NONE));
      }
    }
    for (Var escaping : escapingArrays(value)) {
      Var copy = local(escaping.name() + "Final", escaping.type(), delegateLocals);
      body.add(new Stmt.Assign(copy, snapshot("copy", escaping), Origin.NONE));
      putBack.add(new Stmt.Eval(new Expr.Call(SNAPSHOTS, "restore",
          List.of(ref(escaping), ref(copy)), Type.VOID), Origin.NONE));
    }
    // the fields of the objects the method changed and the contents of the arrays they hold:
    // final now, entry values after the reverse part; saved on tapes of their own (the
    // thread's hold the forward part's record) and put back last, once the arrays passed in
    // hold their final elements
    Block tapeSetup = new Block();
    ObjectStates states = new ObjectStates(TapeCode.scratch(names, delegateLocals, tapeSetup),
        names, delegateLocals);
    Block objectsBack = new Block();
    Block objectsFinal = new Block();
    for (Var p : function.params()) {
      // an array parameter's own contents are kept above; the arrays objects hold, here
      boolean arrays = p.type().shape() != null && effects.writesArrays(p);
      if (arrays || ObjectStates.reachesMutable(p.type()) && effects.isWritten(p)) {
        objectsFinal.addAll(states.save(ref(p), arrays));
        objectsBack = new Block().addAll(states.restore(ref(p), arrays)).addAll(objectsBack);
      }
    }
    if (value != null && ObjectStates.reachesMutable(value.type())) {
      // an object result the reverse part takes back to its first fields
      objectsFinal.addAll(states.save(ref(value), false));
      objectsBack = new Block().addAll(states.restore(ref(value), false)).addAll(objectsBack);
    }
    body.addAll(tapeSetup).addAll(objectsFinal);
    if (value != null && value.type().isRecord() && value.type().shape().holdsArrays()
        && contentsChangeInReverse(result)) {
      // a returned record holds arrays the reverse sweep puts back: keep their final contents
      for (Expr held : Exprs.heldArrays(ref(value))) {
        Var copy = local(value.name() + "Final", held.type(), delegateLocals);
        body.add(new Stmt.Assign(copy, new Expr.Call(SNAPSHOTS, "copy", List.of(held),
            held.type()), Origin.NONE));
        putBack.add(new Stmt.Eval(new Expr.Call(SNAPSHOTS, "restore", List.of(held, ref(copy)),
            Type.VOID), Origin.NONE));
      }
    }
    body.addAll(clearEntries);
    body.addAll(toPositional);
    body.add(new Stmt.Eval(new Expr.Call(ReverseTransform.SELF,
        RuleNames.reversePart(function.name()), reverseArgs, Type.VOID), Origin.NONE));
    body.addAll(putBack);
    List<Var> scalars = function.params().stream()
        .filter(p -> p.isDifferentiableParam() && p.type().isFloating())
        .collect(java.util.stream.Collectors.toList());
    if (!scalars.isEmpty()) {
      for (int k = scalars.size() - 1; k >= 0; k--) {
        body.add(new Stmt.Accumulate(new Expr.Index(ref(scalarBars), Expr.Lit.ofInt(k),
            Type.DOUBLE), new Expr.Invoke(ref(delegateTapes), "popDouble", List.of(),
            Type.DOUBLE), Origin.NONE));
      }
    }
    body.addAll(objectsBack);
    if (value != null) {
      body.add(new Stmt.Return(ref(value), Origin.NONE));
    }
    delegateLocals.add(delegateTapes);
    Block entry = new Block()
        .add(new Stmt.Assign(delegateTapes, TapeCode.currentTapes(), Origin.NONE))
        .addAll(tape.truncatingOnThrow(delegateTapes, body, delegateLocals));
    return new Function(RuleNames.adjointMethod(function.name()), params,
        function.returnType(), entry, delegateLocals);
  }

  /** The value of the only assignment to {@code v} in {@code block}, or null. */
  private static Expr soleValue(Var v, Block block) {
    List<Expr> values = new ArrayList<>();
    boolean[] other = {false};
    Blocks.visitStmts(block, s -> {
      if (s instanceof Stmt.Assign a && a.target() == v) {
        values.add(a.value());
      } else if (s instanceof Stmt.Accumulate a && a.target() instanceof Expr.Ref r
          && r.var() == v || s instanceof Stmt.Protected) {
        other[0] = true;
      }
    });
    return values.size() == 1 && !other[0] ? values.get(0) : null;
  }

  /**
   * Arithmetic and comparisons on literals and on number parameters the method never assigns
   * (the reverse sweep sees the same values): no element, field or call, no integer division
   * (it may throw where the forward sweep did not evaluate it).
   */
  static boolean recomputable(Expr e, Set<Var> assigned) {
    if (e instanceof Expr.Lit) {
      return e.type().isPrimitive();
    }
    if (e instanceof Expr.Ref r) {
      return r.var().isParam() && r.var().type().isPrimitive() && !assigned.contains(r.var());
    }
    if (e instanceof Expr.Unary u) {
      return (u.op().equals("-") || u.op().equals("!")) && recomputable(u.operand(), assigned);
    }
    if (e instanceof Expr.Cast c) {
      return c.type().isPrimitive() && recomputable(c.operand(), assigned);
    }
    if (e instanceof Expr.Binary b) {
      boolean floating = b.type().isFloating();
      boolean arithmetic = List.of("+", "-", "*").contains(b.op())
          || floating && b.op().equals("/");
      boolean comparison = b.type().equals(Type.BOOLEAN)
          && List.of("<", "<=", ">", ">=", "==", "!=", "&&", "||").contains(b.op());
      return (arithmetic && (floating || b.type().isIntegral()) || comparison)
          && recomputable(b.left(), assigned) && recomputable(b.right(), assigned);
    }
    return false;
  }

  private Var local(String base, Type type, List<Var> scope) {
    Var v = new Var(names.fresh(base), type, Var.Kind.TEMP);
    scope.add(v);
    return v;
  }

  private static Expr snapshot(String method, Var array) {
    return new Expr.Call(SNAPSHOTS, method, List.of(ref(array)), array.type());
  }

  /** Written array parameters and the result, where the reverse sweep changes their contents. */
  private List<Var> escapingArrays(Var value) {
    List<Var> out = new ArrayList<>();
    for (Var p : function.params()) {
      if (p.type().isArray() && effects.isWritten(p)) {
        out.add(p);
      }
    }
    if (value != null && value.type().isArray() && contentsChangeInReverse(result)) {
      out.add(value);
    }
    return out;
  }

  /** The reverse sweep restores old contents of this class (pops, or snapshots around calls). */
  private boolean contentsChangeInReverse(Var array) {
    return restoredClasses.stream().anyMatch(c -> effects.reaches(array, c))
        || effects.isPassedToWritingCallee(array);
  }
}
