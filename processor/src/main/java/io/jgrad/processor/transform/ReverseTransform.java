package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ZERO;
import static io.jgrad.processor.ir.Ops.add;
import static io.jgrad.processor.ir.Ops.mul;
import static io.jgrad.processor.ir.Ops.ref;

import io.jgrad.processor.analysis.Activity;
import io.jgrad.processor.analysis.ArrayEffects;
import io.jgrad.processor.analysis.Assignments;
import io.jgrad.processor.analysis.Operations;
import io.jgrad.processor.analysis.Usefulness;
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
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.rules.RuleNames;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IR -> IR: reverse mode. The result runs the primal forward (the forward sweep), recording only
 * what the reverse sweep needs, then runs the statements backwards accumulating adjoints
 * ({@code vBar}) from {@code seed}.
 *
 * <p>What is recorded (to-be-recorded analysis): a variable's old value is pushed before an
 * assignment overwrites it only if some derivative reads that variable; the branch taken by an
 * {@code if} and the trip count of a loop only if the branch or loop body has reverse work.
 * The reverse sweep pops in the opposite order, so every derivative sees the values the forward
 * sweep saw.
 *
 * <p>Signature: each {@code double[] x} is followed by its adjoint buffer {@code xBar}; then
 * {@code seed}; then {@code scalarBars} when there are scalar differentiable parameters. Adjoints
 * are added into the buffers.
 */
public final class ReverseTransform {
  private static final Type TAPES = Type.classType("io.jgrad.tape.Tapes");
  private static final String SNAPSHOTS = "io.jgrad.tape.Snapshots";
  /** A call to a sibling method of the generated class: the emitter prints it unqualified. */
  public static final String SELF = "";

  private final Function function;
  private final Var result;
  private final CalleeTable callees;
  private final Activity activity;
  private final Usefulness usefulness;
  private final Assignments assignments;
  private final ArrayEffects effects;
  /** Alias classes whose old elements some store keeps (and the reverse sweep puts back). */
  private final Set<Var> restoredClasses = new HashSet<>();
  /** Variables assigned so far, in program order: the next assignment may overwrite a value. */
  private final Set<Var> defined = new HashSet<>();
  /** Loop-counter increments the reverse sweep must undo even if no derivative reads them. */
  private final Set<Stmt> forceUndo = java.util.Collections.newSetFromMap(
      new java.util.IdentityHashMap<>());
  private final Names names;
  private final Set<Var> needed = new HashSet<>();
  /** Program order of statements, the loops around each, and who reads what on the way back. */
  private final Map<Stmt, Integer> position = new java.util.IdentityHashMap<>();
  private final Map<Stmt, List<Stmt.Loop>> enclosingLoops = new java.util.IdentityHashMap<>();
  private final Map<Var, List<Stmt>> readers = new HashMap<>();
  private final Map<Var, Var> adjoints = new HashMap<>();
  private final List<Var> locals = new ArrayList<>();
  private final Block setup = new Block();
  private Var tapes;

  /** The forward-sweep and reverse-sweep code of one statement or block. */
  private record Sweeps(Block forward, Block reverse) {}

  private ReverseTransform(Structurize.Result structured, CalleeTable callees) {
    this.function = structured.function();
    this.result = structured.result();
    this.callees = callees;
    this.activity = Activity.of(function, result);
    this.usefulness = Usefulness.of(function, result, e -> callees.of(e) != null);
    this.assignments = Assignments.of(function);
    this.effects = ArrayEffects.of(function, callees);
    List<String> taken = new ArrayList<>();
    function.params().forEach(p -> taken.add(p.name()));
    function.locals().forEach(l -> taken.add(l.name()));
    this.names = new Names(taken);
  }

  /**
   * The reverse-mode functions of one method: the adjoint (forward and reverse sweep in one call),
   * and, for a method that writes none of its arguments, the two sweeps as separate functions
   * (null otherwise), which generated callers chain through the shared tape.
   */
  public record Result(Function adjoint, Function forwardPart, Function reversePart) {}

  public static Result apply(Function lowered, CalleeTable callees) {
    return new ReverseTransform(Structurize.apply(lowered), callees).run();
  }

  private Result run() {
    collectNeeded(function.body());
    List<Var> params = new ArrayList<>();
    List<Var> scalarParams = new ArrayList<>();
    for (Var p : function.params()) {
      params.add(p);
      if (p.type().isArray() && activity.isActive(p)) {
        Var bar = new Var(names.fresh(RuleNames.adjoint(p.name())), p.type(), Var.Kind.PARAM);
        adjoints.put(p, bar);
        params.add(bar);
      } else if (activity.isActive(p)) {
        scalarParams.add(p);
      }
    }
    Type returns = function.returnType();
    Var seed = null;
    if (returns.isDifferentiable()) {
      seed = new Var(names.fresh(returns.isArray() ? "resultBar" : "seed"),
          returns.isArray() ? returns : Type.DOUBLE, Var.Kind.PARAM);
      params.add(seed);
    }
    Var scalarBars = null;
    if (function.params().stream().anyMatch(p -> p.type().isFloating())) {
      scalarBars = new Var(names.fresh("scalarBars"), Type.DOUBLE_ARRAY, Var.Kind.PARAM);
      params.add(scalarBars);
    }
    locals.addAll(function.locals());

    Sweeps sweeps = block(function.body(), 0);
    Var value = null;
    if (result != null) {
      value = new Var(names.fresh("value"), returns, Var.Kind.TEMP);
      locals.add(value);
    }
    Block seeding = new Block();
    if (result != null && returns.isArray()) {
      seeding.add(new Stmt.Eval(new Expr.Call(SNAPSHOTS, "addTo",
          List.of(ref(adjoint(result)), ref(seed)), Type.VOID), Origin.NONE));
    } else if (result != null && activity.isActive(result)) {
      seeding.add(new Stmt.Assign(adjoint(result), ref(seed), Origin.NONE));
    }
    return split(params, seed, scalarBars, sweeps, value, seeding);
  }

  /**
   * The forward part runs the forward sweep and leaves on the tape, after what the sweep recorded,
   * the locals the reverse sweep starts from; the reverse part takes them back and runs the
   * reverse sweep, leaving the array arguments as they were before the forward part. Generated
   * callers chain the two through the tape; {@code fAdjoint} calls them back to back.
   */
  private Result split(List<Var> params, Var seed, Var scalarBars, Sweeps sweeps, Var value,
      Block seeding) {
    // scalar adjoints go back on the tape (in parameter order) rather than into a buffer, so a
    // generated caller needs no scratch array
    Block scalarPushes = new Block();
    for (Var p : function.params()) {
      if (p.type().isFloating()) {
        scalarPushes.add(new Stmt.Eval(invoke(doubleTape(), "push", ref(adjoint(p))),
            Origin.NONE));
      }
    }
    Block reverseCode = new Block().addAll(seeding).addAll(sweeps.reverse())
        .addAll(scalarPushes);
    List<Var> live = new ArrayList<>(Blocks.reads(reverseCode));
    live.retainAll(Blocks.assigned(sweeps.forward()));
    // tapes first: making the pushes may add a tape to the setup both parts share
    Block pushes = new Block();
    for (Var v : live) {
      pushes.add(v.type().isArray()
          ? new Stmt.Eval(invoke(refTape(), "push", ref(v)), Origin.NONE) : push(v, Origin.NONE));
    }
    Block pops = new Block();
    for (int i = live.size() - 1; i >= 0; i--) {
      Var v = live.get(i);
      pops.add(v.type().isArray()
          ? new Stmt.Assign(v, new Expr.Cast(v.type(), invoke(refTape(), "pop")), Origin.NONE)
          : pop(v, Origin.NONE));
    }
    Block forwardBody = new Block();
    forwardBody.add(new Stmt.Comment("forward sweep: the primal, recording what the reverse"
        + " sweep needs", Origin.NONE));
    forwardBody.addAll(sweeps.forward());
    if (value != null) {
      forwardBody.add(new Stmt.Assign(value, ref(result), Origin.NONE));
    }
    forwardBody.add(new Stmt.Comment("what the reverse sweep starts from", Origin.NONE));
    forwardBody.addAll(pushes);
    if (value != null) {
      forwardBody.add(new Stmt.Return(ref(value), Origin.NONE));
    }
    Block reverseBody = new Block().addAll(setup).addAll(pops);
    reverseBody.add(new Stmt.Comment("reverse sweep: adjoints, from the last statement to the"
        + " first", Origin.NONE));
    reverseBody.addAll(reverseCode);
    // the arguments with their adjoint arrays: the forward sweep points row shadows into them
    List<Var> forwardParams = new ArrayList<>(params);
    forwardParams.remove(seed);
    forwardParams.remove(scalarBars);
    // no guard here: generated callers call the forward part inside their own guarded entry
    // (fAdjoint), and a recursion would otherwise keep four marks alive in every frame
    Function forwardPart = new Function(RuleNames.forwardPart(function.name()),
        forwardParams, function.returnType(), new Block().addAll(setup).addAll(forwardBody),
        locals);
    Function delegating = delegatingAdjoint(params, forwardParams, seed, scalarBars, value);
    List<Var> reverseParams = new ArrayList<>(params);
    reverseParams.remove(scalarBars);
    Function reversePart = new Function(RuleNames.reversePart(function.name()), reverseParams,
        Type.VOID, reverseBody, locals);
    return new Result(delegating, forwardPart, reversePart);
  }

  /**
   * {@code fAdjoint} as the two parts back to back, so the sweeps are written once: the value
   * from the forward part, the reverse part seeded, and the scalar adjoints it leaves on the tape
   * added into {@code scalarBars}.
   */
  private Function delegatingAdjoint(List<Var> params, List<Var> forwardParams, Var seed,
      Var scalarBars, Var value) {
    Block body = new Block();
    Var delegateTapes = new Var(names.fresh("tapes"), TAPES, Var.Kind.TEMP);
    List<Expr> forwardArgs = forwardParams.stream().map(Ops::ref)
        .collect(java.util.stream.Collectors.toList());
    List<Expr> reverseArgs = new ArrayList<>(forwardArgs);
    if (seed != null) {
      reverseArgs.add(ref(seed));
    }
    Expr forwardCall = new Expr.Call(SELF, RuleNames.forwardPart(function.name()), forwardArgs,
        function.returnType());
    List<Var> delegateLocals = new ArrayList<>();
    // a matrix whose rows the method moves: the caller's cotangents are by position, the
    // reverse part's by row object; convert once the forward part has moved the rows
    Block toPositional = new Block();
    Block putBack = new Block();
    for (Var p : function.params()) {
      if (p.type().dimensions() >= 2 && effects.movesRows(p)) {
        Var bar = adjoint(p);
        Var entryRows = local(bar.name() + "Rows", bar.type(), delegateLocals);
        Var saved = local(bar.name() + "Out", bar.type(), delegateLocals);
        body.add(new Stmt.Assign(entryRows, snapshot("rows", bar), Origin.NONE));
        body.add(new Stmt.Assign(saved, snapshot("copy", bar), Origin.NONE));
        toPositional.add(new Stmt.Eval(new Expr.Call(SNAPSHOTS, "positional",
            List.of(ref(bar), ref(entryRows), ref(saved)), Type.VOID), Origin.NONE));
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
    body.addAll(toPositional);
    body.add(new Stmt.Eval(new Expr.Call(SELF, RuleNames.reversePart(function.name()),
        reverseArgs, Type.VOID), Origin.NONE));
    body.addAll(putBack);
    List<Var> scalars = function.params().stream().filter(p -> p.type().isFloating())
        .collect(java.util.stream.Collectors.toList());
    if (!scalars.isEmpty()) {
      for (int k = scalars.size() - 1; k >= 0; k--) {
        body.add(new Stmt.Accumulate(new Expr.Index(ref(scalarBars), Expr.Lit.ofInt(k),
            Type.DOUBLE), new Expr.Invoke(ref(delegateTapes), "popDouble", List.of(),
            Type.DOUBLE), Origin.NONE));
      }
    }
    if (value != null) {
      body.add(new Stmt.Return(ref(value), Origin.NONE));
    }
    delegateLocals.add(delegateTapes);
    Block entry = new Block().add(new Stmt.Assign(delegateTapes, currentTapes(), Origin.NONE))
        .addAll(truncatingOnThrow(delegateTapes, body, delegateLocals));
    return new Function(RuleNames.adjointMethod(function.name()), params,
        function.returnType(), entry, delegateLocals);
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

  // ---------------------------------------------------------------- to-be-recorded analysis

  /** Every variable a derivative reads on the reverse sweep, and where it is read. */
  private void collectNeeded(Block block) {
    collectNeeded(block, new ArrayDeque<>());
  }

  private void collectNeeded(Block block, Deque<Stmt.Loop> loops) {
    for (Stmt s : block.stmts()) {
      position.put(s, position.size());
      enclosingLoops.put(s, List.copyOf(loops));
      Set<Var> reads = new HashSet<>();
      collectReads(s, reads);
      needed.addAll(reads);
      for (Var v : reads) {
        readers.computeIfAbsent(v, k -> new ArrayList<>()).add(s);
      }
      if (s instanceof Stmt.If i) {
        collectNeeded(i.then(), loops);
        collectNeeded(i.otherwise(), loops);
      } else if (s instanceof Stmt.Loop l) {
        loops.push(l);
        collectNeeded(l.body(), loops);
        collectNeeded(l.update(), loops);
        loops.pop();
      }
    }
  }

  /** The variables the reverse sweep of statement {@code s} itself reads. */
  private void collectReads(Stmt s, Set<Var> reads) {
    if ((s instanceof Stmt.Assign || s instanceof Stmt.Eval) && callees.of(callOf(s)) != null) {
      // the callee's reverse part reads its arguments (arrays: as the call left them)
      for (Expr arg : ((Expr.Call) callOf(s)).args()) {
        reads.addAll(Exprs.vars(arg));
      }
    } else if (s instanceof Stmt.Assign a && activity.isActive(a.target())
        && !a.target().type().isArray()) {
      for (LocalDerivatives.Partial p :
          LocalDerivatives.of(a.value(), ref(a.target()), activity)) {
        reads.addAll(Exprs.vars(p.derivative()));
        reads.addAll(Exprs.indexVars(p.operand()));
      }
    } else if (s instanceof Stmt.Store st) {
      reads.addAll(Exprs.indexVars(new Expr.Index(st.array(), st.index(), Type.DOUBLE)));
    } else if (s instanceof Stmt.Loop l && countingVariable(l) != null) {
      reads.add(countingVariable(l)); // the reverse loop counts it back down
    }
  }

  /**
   * True if the reverse sweep reads the value {@code a} overwrites: some statement that may run
   * before {@code a} (earlier in the program, or anywhere in a loop around both, {@code a}
   * included) reads the variable in its own reverse. Reads by later statements see the values
   * the forward sweep left.
   */
  private boolean oldValueRead(Stmt.Assign a) {
    for (Stmt reader : readers.getOrDefault(a.target(), List.of())) {
      // a itself counts inside a loop: its reverse reads the value of its own iteration
      if (position.get(reader) < position.get(a) || shareLoop(reader, a)) {
        return true;
      }
    }
    return false;
  }

  /** Like {@link #oldValueRead} for an element: any read of an array that may share memory. */
  private boolean oldElementRead(Stmt.Store st) {
    Var written = effects.elementClass(st.array());
    for (Map.Entry<Var, List<Stmt>> e : readers.entrySet()) {
      if (!e.getKey().type().isArray() || !effects.reaches(e.getKey(), written)) {
        continue;
      }
      for (Stmt reader : e.getValue()) {
        if (position.get(reader) < position.get(st) || shareLoop(reader, st)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * True if the store may write an argument's memory: the reverse part leaves its arguments as
   * they were on entry (its callers rely on it), so it keeps every element it overwrites there.
   */
  private boolean reachesParameter(Stmt.Store st) {
    Var written = effects.elementClass(st.array());
    return function.params().stream()
        .anyMatch(p -> p.type().isArray() && effects.reaches(p, written));
  }

  private boolean shareLoop(Stmt x, Stmt y) {
    for (Stmt.Loop l : enclosingLoops.get(x)) {
      for (Stmt.Loop m : enclosingLoops.get(y)) {
        if (l == m) {
          return true;
        }
      }
    }
    return false;
  }

  private static Expr callOf(Stmt s) {
    return s instanceof Stmt.Assign a ? a.value() : ((Stmt.Eval) s).expr();
  }

  /**
   * An assignment must save the old value if a derivative reads the variable and the value may
   * be live: not at the variable's first definition outside loops, and not for {@code i += c} on
   * an integer, which the reverse sweep undoes with {@code i -= c}.
   */
  private boolean saves(Stmt.Assign a, int loopDepth) {
    Var v = a.target();
    boolean firstDefinition = loopDepth == 0 && !v.isParam() && !defined.contains(v);
    return oldValueRead(a) && !firstDefinition && inverse(a) == null;
  }

  /** {@code i = i - c} for {@code i = i + c} on an int or long (exact: integers wrap). */
  private static Stmt.Assign inverse(Stmt.Assign a) {
    Var v = a.target();
    if ((v.type().equals(Type.INT) || v.type().equals(Type.LONG))
        && a.value() instanceof Expr.Binary b && b.type().equals(v.type())
        && b.left() instanceof Expr.Ref r && r.var() == v && b.right() instanceof Expr.Lit
        && (b.op().equals("+") || b.op().equals("-"))) {
      String op = b.op().equals("+") ? "-" : "+";
      return new Stmt.Assign(v, new Expr.Binary(op, r, b.right(), b.type()), a.origin());
    }
    return null;
  }

  // ---------------------------------------------------------------- sweeps

  private Sweeps block(Block in, int loopDepth) {
    Block forward = new Block();
    List<Block> reverseChunks = new ArrayList<>();
    for (Stmt s : in.stmts()) {
      Sweeps sweeps = statement(s, loopDepth);
      forward.addAll(sweeps.forward());
      reverseChunks.add(sweeps.reverse());
    }
    Collections.reverse(reverseChunks);
    Block reverse = new Block();
    reverseChunks.forEach(reverse::addAll);
    return new Sweeps(forward, reverse);
  }

  private Sweeps statement(Stmt s, int loopDepth) {
    if (s instanceof Stmt.Assign a && callees.of(a.value()) != null) {
      return call(a, (Expr.Call) a.value(), a.target(), a.origin(), loopDepth);
    }
    if (s instanceof Stmt.Eval e && callees.of(e.expr()) != null) {
      return call(e, (Expr.Call) e.expr(), null, e.origin(), loopDepth);
    }
    if (s instanceof Stmt.Assign a && a.target().type().isPassiveArray()) {
      return passivePointer(a, loopDepth);
    }
    if (s instanceof Stmt.Assign a && a.target().type().isArray()) {
      return pointer(a, loopDepth);
    }
    if (s instanceof Stmt.Assign a) {
      return assign(a, loopDepth);
    }
    if (s instanceof Stmt.Store st) {
      return store(st);
    }
    if (s instanceof Stmt.If i) {
      return branch(i, loopDepth);
    }
    if (s instanceof Stmt.Loop l) {
      return loop(l, loopDepth);
    }
    if (s instanceof Stmt.Eval || s instanceof Stmt.Throw || s instanceof Stmt.Comment) {
      return new Sweeps(new Block().add(s), new Block());
    }
    throw new IllegalStateException("unexpected statement after structuring: " + s);
  }

  private Sweeps assign(Stmt.Assign a, int loopDepth) {
    Var target = a.target();
    Origin origin = a.origin();
    Block forward = new Block();
    Block reverse = new Block();
    boolean saves = saves(a, loopDepth);
    Stmt.Assign undo = oldValueRead(a) || forceUndo.contains(a) ? inverse(a) : null;
    defined.add(target);
    if (saves) {
      forward.add(push(target, origin));
    }
    forward.add(a);
    if (activity.isActive(target) && !usefulness.targetUseless(a)) {
      propagate(a, reverse);
    }
    if (saves) {
      reverse.add(pop(target, origin));
    } else if (undo != null) {
      reverse.add(undo);
    }
    return new Sweeps(forward, reverse);
  }

  /** {@code operandBar += targetBar * partial} for each operand, then the target's adjoint dies. */
  private void propagate(Stmt.Assign a, Block reverse) {
    Var target = a.target();
    Var targetBar = adjoint(target);
    Expr selfCoefficient = null;
    for (LocalDerivatives.Partial p :
        LocalDerivatives.of(a.value(), ref(target), activity)) {
      if (p.operand() instanceof Expr.Ref r && r.var() == target) {
        selfCoefficient = add(selfCoefficient, p.derivative()); // s = s + u: s keeps its adjoint
        continue;
      }
      reverse.add(new Stmt.Accumulate(adjointOf(p.operand()), mul(ref(targetBar), p.derivative()),
          a.origin()));
    }
    boolean readsSelf = Operations.operands(a.value()).stream()
        .anyMatch(o -> o instanceof Expr.Ref r && r.var() == target);
    if (!readsSelf || selfCoefficient == null) {
      reverse.add(new Stmt.Assign(targetBar, ZERO, a.origin()));
    } else if (!Ops.isOne(selfCoefficient)) {
      reverse.add(new Stmt.Assign(targetBar, mul(ref(targetBar), selfCoefficient), a.origin()));
    }
  }

  /**
   * {@code v = G.g(args)} (v null for a call whose result is unused): the forward sweep calls the
   * primal; the reverse sweep calls {@code G_Rrule.gAdjoint} with the adjoint of v as its seed.
   * Arrays the callee writes are copied before the call and put back around the adjoint call,
   * which recomputes from them.
   */
  private Sweeps call(Stmt statement, Expr.Call call, Var target, Origin origin,
      int loopDepth) {
    GradCallee callee = callees.of(call);
    Block forward = new Block();
    Block reverse = new Block();
    Stmt.Assign assign = target == null ? null : (Stmt.Assign) statement;
    boolean pointer = target != null && target.type().isArray();
    boolean saves = target != null && (pointer ? reassigned(target, loopDepth)
        : saves(assign, loopDepth));
    if (target != null) {
      defined.add(target);
    }
    if (saves) {
      forward.addAll(pointer ? pushPointer(target, origin) : new Block().add(push(target, origin)));
    }
    List<Expr> withAdjoints = new ArrayList<>();
    for (int k = 0; k < call.args().size(); k++) {
      withAdjoints.add(call.args().get(k));
      if (callee.parameterTypes().get(k).isDoubleArray()) {
        withAdjoints.add(adjointOf(call.args().get(k)));
      }
    }
    Expr forwardPart = new Expr.Call(callee.reverseClass(), RuleNames.forwardPart(call.name()),
        withAdjoints, call.type());
    if (target == null) {
      forward.add(new Stmt.Eval(forwardPart, origin));
    } else {
      forward.add(new Stmt.Assign(target, forwardPart, origin));
    }
    if (pointer) {
      // a new array (a @Grad method never returns its argument) with a new adjoint; the
      // callee's reverse part may put back old contents of it
      restoredClasses.add(effects.classOf(target));
      forward.add(new Stmt.Assign(adjoint(target), target.type().dimensions() == 2
          ? new Expr.Call(SNAPSHOTS, "zerosLike", List.of(ref(target)), target.type())
          : new Expr.NewArray(target.type(), List.of(new Expr.Length(ref(target)))), origin));
    }
    // the reverse part finds the arrays as the forward part left them (the reverse sweep of the
    // statements after the call put back what they changed) and leaves them as they were before
    List<Expr> args = new ArrayList<>(withAdjoints);
    if (callee.returnType().isArray()) {
      args.add(ref(adjoint(target)));
    } else if (callee.returnType().isFloating()) {
      args.add(target != null && activity.isActive(target) ? ref(adjoint(target)) : ZERO);
    }
    reverse.add(new Stmt.Eval(new Expr.Call(callee.reverseClass(),
        RuleNames.reversePart(call.name()), args, Type.VOID), origin));
    // the reverse part left the scalar adjoints on the tape, last parameter on top
    for (int k = call.args().size() - 1; k >= 0; k--) {
      if (callee.parameterTypes().get(k).isFloating()) {
        Expr arg = call.args().get(k);
        Expr popped = invoke(doubleTape(), "pop");
        reverse.add(activity.isActive(arg) ? new Stmt.Accumulate(adjointOf(arg), popped, origin)
            : new Stmt.Eval(popped, origin));
      }
    }
    if (target != null && !pointer && activity.isActive(target)) {
      reverse.add(new Stmt.Assign(adjoint(target), ZERO, origin));
    }
    if (saves) {
      reverse.addAll(pointer ? popPointer(target, origin) : new Block().add(pop(target, origin)));
    }
    return new Sweeps(forward, reverse);
  }


  /**
   * {@code k[i] = v} into an array of data (int, long, boolean...): no adjoint, and the old element
   * (or row) kept where something reads it later or the array is an argument's memory, which the
   * reverse part leaves as it found it.
   */
  private Sweeps passiveStore(Stmt.Store st) {
    Origin origin = st.origin();
    Block forward = new Block();
    Block reverse = new Block();
    Expr element = new Expr.Index(st.array(), st.index(), st.array().type().elementType());
    boolean saves = element.type().isArray() || oldElementRead(st) || reachesParameter(st);
    if (saves) {
      restoredClasses.add(effects.elementClass(st.array()));
      forward.add(push(element, origin));
    }
    forward.add(st);
    if (saves) {
      reverse.add(new Stmt.Store(st.array(), st.index(), popped(element.type()), origin));
    }
    return new Sweeps(forward, reverse);
  }

  /** {@code k = int array expression}: kept if reassigned, like an int variable. */
  private Sweeps passivePointer(Stmt.Assign a, int loopDepth) {
    Block forward = new Block();
    Block reverse = new Block();
    boolean saves = reassigned(a.target(), loopDepth);
    if (saves) {
      forward.add(push(a.target(), a.origin()));
    }
    forward.add(a);
    if (saves) {
      reverse.add(pop(a.target(), a.origin()));
    }
    return new Sweeps(forward, reverse);
  }

  /** {@code a[i] = v}: the old element is kept only if a derivative reads this array. */
  private Sweeps store(Stmt.Store st) {
    if (st.array().type().isPassiveArray()) {
      return passiveStore(st);
    }
    Origin origin = st.origin();
    Block forward = new Block();
    Block reverse = new Block();
    Expr element = new Expr.Index(st.array(), st.index(), st.value().type().isArray()
        ? st.value().type() : Type.DOUBLE);
    Expr shadowElement = new Expr.Index(adjointOf(st.array()), st.index(), element.type());
    if (st.value().type().isArray()) {
      forward.add(new Stmt.Eval(invoke(refTape(), "push", element), origin));
      forward.add(new Stmt.Eval(invoke(refTape(), "push", shadowElement), origin));
      forward.add(st);
      forward.add(new Stmt.Store(adjointOf(st.array()), st.index(), shadow(st.value()), origin));
      reverse.add(new Stmt.Store(adjointOf(st.array()), st.index(),
          new Expr.Cast(element.type(), invoke(refTape(), "pop")), origin));
      reverse.add(new Stmt.Store(st.array(), st.index(),
          new Expr.Cast(element.type(), invoke(refTape(), "pop")), origin));
      return new Sweeps(forward, reverse);
    }
    boolean saves = oldElementRead(st) || reachesParameter(st);
    if (saves) {
      restoredClasses.add(effects.elementClass(st.array()));
    }
    if (saves) {
      forward.add(new Stmt.Eval(invoke(doubleTape(), "push", element), origin));
    }
    forward.add(st);
    if (activity.isActive(st.value())) {
      reverse.add(new Stmt.Accumulate(adjointOf(st.value()), shadowElement, origin));
    }
    reverse.add(new Stmt.Store(adjointOf(st.array()), st.index(), ZERO, origin));
    if (saves) {
      Expr old = invoke(doubleTape(), "pop");
      reverse.add(new Stmt.Store(st.array(), st.index(), element.type().equals(old.type()) ? old
          : new Expr.Cast(element.type(), old), origin));
    }
    return new Sweeps(forward, reverse);
  }

  /** {@code v = array expression}: the adjoint variable follows the same memory. */
  private Sweeps pointer(Stmt.Assign a, int loopDepth) {
    Var v = a.target();
    Block forward = new Block();
    Block reverse = new Block();
    boolean saves = reassigned(v, loopDepth);
    if (saves) {
      forward.addAll(pushPointer(v, a.origin()));
    }
    forward.add(a);
    forward.add(new Stmt.Assign(adjoint(v), shadow(a.value()), a.origin()));
    if (saves) {
      reverse.addAll(popPointer(v, a.origin()));
    }
    return new Sweeps(forward, reverse);
  }

  private boolean reassigned(Var v, int loopDepth) {
    return loopDepth > 0 || assignments.count(v) > 1 || v.isParam();
  }

  private Block pushPointer(Var v, Origin origin) {
    return new Block()
        .add(new Stmt.Eval(invoke(refTape(), "push", ref(v)), origin))
        .add(new Stmt.Eval(invoke(refTape(), "push", ref(adjoint(v))), origin));
  }

  private Block popPointer(Var v, Origin origin) {
    return new Block()
        .add(new Stmt.Assign(adjoint(v), new Expr.Cast(v.type(), invoke(refTape(), "pop")),
            origin))
        .add(new Stmt.Assign(v, new Expr.Cast(v.type(), invoke(refTape(), "pop")), origin));
  }

  /** The adjoint memory of an array expression. */
  private Expr shadow(Expr array) {
    if (array instanceof Expr.NewArray n) {
      return n;
    }
    if (Exprs.isTable(array)) {
      // a static final table is a constant: what flows into its adjoint is dropped
      return new Expr.Call(SNAPSHOTS, "zerosLike", List.of(array), array.type());
    }
    return adjointOf(array);
  }

  private Sweeps branch(Stmt.If i, int loopDepth) {
    Sweeps then = block(i.then(), loopDepth);
    Sweeps otherwise = block(i.otherwise(), loopDepth);
    if (then.reverse().isEmpty() && otherwise.reverse().isEmpty()) {
      return new Sweeps(new Block().add(new Stmt.If(i.condition(), then.forward(),
          otherwise.forward(), i.origin())), new Block());
    }
    Tape tape = intTape();
    then.forward().add(new Stmt.Eval(invoke(tape, "push", Expr.Lit.ofInt(1)), i.origin()));
    otherwise.forward().add(new Stmt.Eval(invoke(tape, "push", Expr.Lit.ofInt(0)), i.origin()));
    Stmt forward = new Stmt.If(i.condition(), then.forward(), otherwise.forward(), i.origin());
    Stmt reverse = new Stmt.If(invoke(tape, "popBoolean"), then.reverse(), otherwise.reverse(),
        i.origin());
    return new Sweeps(new Block().add(forward), new Block().add(reverse));
  }

  private Sweeps loop(Stmt.Loop l, int loopDepth) {
    Var counter = countingVariable(l);
    if (counter != null) {
      forceUndo.add(l.body().stmts().get(l.body().stmts().size() - 1));
    }
    Sweeps body = block(l.body(), loopDepth + 1);
    Sweeps update = block(l.update(), loopDepth + 1);
    Block forwardBody = new Block().addAll(body.forward()).addAll(update.forward());
    Block reverseBody = new Block().addAll(update.reverse()).addAll(body.reverse());
    if (reverseBody.isEmpty()) {
      return new Sweeps(new Block().add(new Stmt.Loop(null, l.condition(), forwardBody,
          new Block(), l.testFirst(), l.origin())), new Block());
    }
    Origin origin = l.origin();
    if (counter != null) {
      // for (...; i < n; i++) with i written nowhere else: record where i started, and count
      // i back down to it (one induction variable, which the JIT handles best)
      Var start = new Var(names.fresh(counter.name() + "Start"), counter.type(), Var.Kind.TEMP);
      locals.add(start);
      Block forward = new Block()
          .add(new Stmt.Assign(start, ref(counter), origin))
          .add(new Stmt.Loop(null, l.condition(), forwardBody, new Block(), true, origin))
          .add(new Stmt.Eval(invoke(intTape(), "push", ref(start)), origin));
      Block reverse = new Block()
          .add(new Stmt.Assign(start, invoke(intTape(), "pop"), origin))
          .add(new Stmt.Loop(null, new Expr.Binary(">", ref(counter), ref(start), Type.BOOLEAN),
              reverseBody, new Block(), true, origin));
      return new Sweeps(forward, reverse);
    }
    Var count = new Var(names.fresh("iterations"), Type.INT, Var.Kind.TEMP);
    locals.add(count);
    Expr one = Expr.Lit.ofInt(1);
    forwardBody.add(new Stmt.Assign(count, new Expr.Binary("+", ref(count), one, Type.INT),
        origin));
    Block forward = new Block()
        .add(new Stmt.Assign(count, Expr.Lit.ofInt(0), origin))
        .add(new Stmt.Loop(null, l.condition(), forwardBody, new Block(), l.testFirst(), origin))
        .add(new Stmt.Eval(invoke(intTape(), "push", ref(count)), origin));
    reverseBody.add(new Stmt.Assign(count, new Expr.Binary("-", ref(count), one, Type.INT),
        origin));
    Block reverse = new Block()
        .add(new Stmt.Assign(count, invoke(intTape(), "pop"), origin))
        .add(new Stmt.Loop(null, new Expr.Binary(">", ref(count), Expr.Lit.ofInt(0),
            Type.BOOLEAN), reverseBody, new Block(), true, origin));
    return new Sweeps(forward, reverse);
  }

  /**
   * The counter of a loop of the form {@code while (i < n) { ...; i = i + 1; }} (no break, the
   * only write to the int {@code i} being that last increment), else null.
   */
  private static Var countingVariable(Stmt.Loop l) {
    List<Stmt> body = l.body().stmts();
    if (!l.testFirst() || !l.update().isEmpty() || body.isEmpty()
        || !(l.condition() instanceof Expr.Binary c) || !c.op().equals("<")
        || !(c.left() instanceof Expr.Ref r) || !r.var().type().equals(Type.INT)
        || !(body.get(body.size() - 1) instanceof Stmt.Assign last) || last.target() != r.var()
        || !(last.value() instanceof Expr.Binary inc) || !inc.op().equals("+")
        || !(inc.left() instanceof Expr.Ref self) || self.var() != r.var()
        || !(inc.right() instanceof Expr.Lit one) || !one.text().equals("1")) {
      return null;
    }
    List<Stmt.Assign> assigns = new ArrayList<>();
    io.jgrad.processor.analysis.Assignments.collectAll(l.body(), assigns);
    long writes = assigns.stream().filter(a -> a.target() == r.var()).count();
    return writes == 1 ? r.var() : null;
  }

  // ---------------------------------------------------------------- tapes and adjoints

  private Stmt push(Var v, Origin origin) {
    return push(ref(v), origin);
  }

  private Stmt pop(Var v, Origin origin) {
    return new Stmt.Assign(v, popped(v.type()), origin);
  }

  /** Pushes a value onto the stack for its type (an array or a String onto the references). */
  private Stmt push(Expr value, Origin origin) {
    Type t = value.type();
    if (t.isFloating()) {
      return new Stmt.Eval(invoke(doubleTape(), "push", value), origin);
    }
    if (t.equals(Type.LONG)) {
      return new Stmt.Eval(invoke(longTape(), "push", value), origin);
    }
    if (t.equals(Type.BOOLEAN)) {
      return new Stmt.Eval(invoke(intTape(), "pushBoolean", value), origin);
    }
    if (!t.isPrimitive()) {
      return new Stmt.Eval(invoke(refTape(), "push", value), origin);
    }
    return new Stmt.Eval(invoke(intTape(), "push", value), origin);
  }

  /** The value {@link #push(Expr, Origin)} pushed last for type {@code t}, as a {@code t}. */
  private Expr popped(Type t) {
    Expr value;
    if (t.isFloating()) {
      value = invoke(doubleTape(), "pop");
    } else if (t.equals(Type.LONG)) {
      value = invoke(longTape(), "pop");
    } else if (t.equals(Type.BOOLEAN)) {
      value = invoke(intTape(), "popBoolean");
    } else if (!t.isPrimitive()) {
      value = invoke(refTape(), "pop");
    } else {
      value = invoke(intTape(), "pop");
    }
    return value.type().equals(t) ? value : new Expr.Cast(t, value);
  }

  /** The four stacks of a thread's {@code Tapes}, by what they hold. */
  private enum Tape {
    DOUBLE("Double", Type.DOUBLE), INT("Int", Type.INT), LONG("Long", Type.LONG),
    REF("Ref", Type.classType("java.lang.Object"));

    final String suffix;
    final Type type;

    Tape(String suffix, Type type) {
      this.suffix = suffix;
      this.type = type;
    }
  }

  /**
   * A call on this thread's tapes: {@code push}/{@code pop} on the given stack become
   * {@code pushDouble}/{@code popDouble} and so on; {@code pushBoolean}/{@code popBoolean} use
   * the int stack.
   */
  private Expr invoke(Tape tape, String method, Expr... args) {
    Type type = switch (method) {
      case "pop" -> tape.type;
      case "popBoolean" -> Type.BOOLEAN;
      default -> Type.VOID;
    };
    String name = method.equals("push") || method.equals("pop") ? method + tape.suffix : method;
    return new Expr.Invoke(ref(tapes()), name, List.of(args), type);
  }

  private Tape doubleTape() {
    return Tape.DOUBLE;
  }

  private Tape intTape() {
    return Tape.INT;
  }

  private Tape longTape() {
    return Tape.LONG;
  }

  private Tape refTape() {
    return Tape.REF;
  }

  /** This thread's {@code Tapes}, looked up once per call (in the setup). */
  private Var tapes() {
    if (tapes == null) {
      tapes = new Var(names.fresh("tapes"), TAPES, Var.Kind.TEMP);
      locals.add(tapes);
      setup.add(new Stmt.Assign(tapes, currentTapes(), Origin.NONE));
    }
    return tapes;
  }

  private static Expr currentTapes() {
    return new Expr.Call("io.jgrad.tape.Tapes", "current", List.of(), TAPES);
  }

  /**
   * {@code body} run so that an exception leaves the thread's tapes as they were at entry: the
   * sizes are read first, and the tapes truncated to them when anything is thrown (a throw in the
   * primal, a callee's exception, a StackOverflowError); the exception goes on unchanged.
   * {@code tapes} holds this thread's tapes; the marks are added to {@code scope}.
   */
  private Block truncatingOnThrow(Var tapes, Block body, List<Var> scope) {
    Block out = new Block();
    List<Expr> marks = new ArrayList<>();
    for (Tape tape : Tape.values()) {
      Var mark = new Var(names.fresh(tape.suffix.toLowerCase(java.util.Locale.ROOT) + "Mark"),
          Type.INT, Var.Kind.TEMP);
      scope.add(mark);
      out.add(new Stmt.Assign(mark, new Expr.Invoke(ref(tapes), tape.suffix.toLowerCase(
          java.util.Locale.ROOT) + "Size", List.of(), Type.INT), Origin.NONE));
      marks.add(ref(mark));
    }
    Var thrown = new Var(names.fresh("thrown"), Type.classType("java.lang.Throwable"),
        Var.Kind.TEMP);
    Block truncate = new Block().add(new Stmt.Eval(new Expr.Invoke(ref(tapes), "truncate",
        marks, Type.VOID), Origin.NONE));
    out.add(new Stmt.Protected(body, truncate, thrown, Origin.NONE));
    return out;
  }

  /** True if running the function may push onto a tape: its own records, or its callees'. */
  private boolean usesTapes() {
    boolean[] calls = {false};
    forEachCall(function.body(), c -> calls[0] = true);
    return tapes != null || calls[0];
  }

  private void forEachCall(Block block, java.util.function.Consumer<GradCallee> action) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Assign || s instanceof Stmt.Eval) {
        GradCallee callee = callees.of(callOf(s));
        if (callee != null) {
          action.accept(callee);
        }
      } else if (s instanceof Stmt.If i) {
        forEachCall(i.then(), action);
        forEachCall(i.otherwise(), action);
      } else if (s instanceof Stmt.Loop l) {
        forEachCall(l.body(), action);
        forEachCall(l.update(), action);
      }
    }
  }

  /** The adjoint of a variable: a local for scalars, the caller's buffer for array parameters. */
  private Var adjoint(Var v) {
    return adjoints.computeIfAbsent(v, k -> {
      Var bar = new Var(names.fresh(RuleNames.adjoint(k.name())),
          k.type().isArray() ? k.type() : Type.DOUBLE, Var.Kind.TEMP);
      locals.add(bar);
      return bar;
    });
  }

  private Expr adjointOf(Expr operand) {
    if (operand instanceof Expr.Ref r) {
      return ref(adjoint(r.var()));
    }
    Expr.Index i = (Expr.Index) operand;
    return new Expr.Index(adjointOf(i.array()), i.index(), i.type());
  }
}
