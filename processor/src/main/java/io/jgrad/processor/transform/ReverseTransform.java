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
import io.jgrad.processor.ir.RecordShape;
import io.jgrad.processor.ir.Stmt.Origin;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.rules.RuleNames;
import io.jgrad.processor.transform.TapeCode.Tape;
import java.util.ArrayList;
import java.util.Collections;
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
 * sweep saw. The analysis is {@link ToBeRecorded}; the pushes and pops are {@link TapeCode}'s;
 * {@link ReverseParts} packages the sweeps as the functions callers see.
 *
 * <p>Signature: each {@code double[] x} is followed by its adjoint buffer {@code xBar}; then
 * {@code seed}; then {@code scalarBars} when there are scalar differentiable parameters. Adjoints
 * are added into the buffers.
 */
public final class ReverseTransform {
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
  private final Set<Stmt> forceUndo = Collections.newSetFromMap(
      new java.util.IdentityHashMap<>());
  private final Names names;
  /** What the sweeps keep: the method's, or one iteration's while a loop's is computed again. */
  private ToBeRecorded recorded;
  /** Loops whose iterations the reverse sweep computes again ({@link RecomputedIterations}). */
  private final Map<Stmt.Loop, Set<Var>> recomputed;
  /** Loops of {@link #recomputed} whose work arrays get a row per iteration instead. */
  private final ExpandedArrays expanded;
  /**
   * False inside a loop whose forward sweep runs all its iterations before its reverse: there,
   * a loop's reverse may come after other runs of its forward sweep ({@link ExpandedArrays}).
   */
  private boolean paired = true;
  /** Element stores whose adjoint objects stay in their slots ({@link SlotAdjoints}). */
  private final SlotAdjoints slots;
  /** The loop depth of the statements of the iteration being computed again, or -1. */
  private int recomputedTop = -1;
  /** What the recomputed iterations assign ({@link Result#recomputed}). */
  private final Set<Var> recomputedTargets = new HashSet<>();
  /** The counters of the counting loops around the statement being transformed. */
  private final java.util.Deque<Var> enclosingCounters = new java.util.ArrayDeque<>();
  /** The forward-sweep loop of each loop computed again whose counter starts at a literal. */
  private final Map<Stmt.Loop, Started> forwardLoopOf = new java.util.IdentityHashMap<>();

  /** A forward-sweep loop, and the literal its counter starts at. */
  private record Started(Stmt loop, Expr.Lit start) {}
  private final Map<Var, Var> adjoints = new HashMap<>();
  private final List<Var> locals = new ArrayList<>();
  private final Block setup = new Block();
  private final TapeCode tape;

  /**
   * Loops of the method's body whose reverse runs inside the forward sweep, iteration by
   * iteration ({@link FusedLoops}); empty except for the joint {@code fAdjoint}.
   */
  private final Map<Stmt.Loop, RecomputedIterations.Iteration> fused;

  /** The forward-sweep and reverse-sweep code of one statement or block. */
  private record Sweeps(Block forward, Block reverse) {}

  /**
   * @param joint true for the transform of {@code fAdjoint} alone, with its loops fused where
   *     they can be; false for the two parts generated callers chain (and an {@code fAdjoint}
   *     calling them)
   */
  private ReverseTransform(Structurize.Result structured, CalleeTable callees, boolean joint) {
    this.function = structured.function();
    this.result = structured.result();
    this.callees = callees;
    this.activity = Activity.of(function, result, callees::takesData);
    // a read of another method's rules is a number like any other: dead where nothing reads it
    this.usefulness = Usefulness.of(function, result, e -> callees.of(e) != null
        && !callees.isNested(callees.of(e)));
    this.assignments = Assignments.of(function);
    this.effects = ArrayEffects.of(function, callees);
    List<String> taken = new ArrayList<>();
    function.params().forEach(p -> taken.add(p.name()));
    function.locals().forEach(l -> taken.add(l.name()));
    this.names = new Names(taken);
    this.recorded = new ToBeRecorded(function, callees, activity, effects);
    this.fused = joint ? FusedLoops.of(function, result, effects, callees, recorded) : Map.of();
    // a fused loop is not computed again; loops inside it may be, in its iterations' reverse
    // (gmm's loop over components: taped instead, each point pushed and popped 1,750 numbers,
    // and fAdjoint took 20 ms against 14 ms)
    Map<Stmt.Loop, Set<Var>> again = new java.util.IdentityHashMap<>(
        RecomputedIterations.of(function, result, effects, callees, recorded));
    again.keySet().removeAll(fused.keySet());
    this.recomputed = again;
    this.expanded = ExpandedArrays.of(function, result, recomputed.keySet(), fused.keySet(),
        effects, callees, recorded, work -> {
          Var rows = new Var(names.fresh(work.name() + "Rows"), work.type().arrayOf(),
              Var.Kind.TEMP);
          locals.add(rows);
          return rows;
        });
    this.slots = SlotAdjoints.of(function, effects, recorded, activity, recomputed.keySet());
    this.tape = new TapeCode(names, locals, setup);
  }

  /**
   * The reverse-mode functions of one method: the adjoint (forward and reverse sweep in one call),
   * and, for a method that writes none of its arguments, the two sweeps as separate functions
   * (null otherwise), which generated callers chain through the shared tape.
   */
  /**
   * The rules, the adjoint variables of the reverse part ({@link ForwardOrderLoops}), and the
   * variables the reverse part assigns only where it computes a loop's iterations again: their
   * element reads repeat the primal's, so {@link DeadStores#applyToRecomputed} may drop them.
   */
  public record Result(Function adjoint, Function forwardPart, Function reversePart,
      Set<Var> adjoints, Set<Var> recomputed, Joint joint) {
    Result(Function adjoint, Function forwardPart, Function reversePart, Set<Var> adjoints,
        Set<Var> recomputed) {
      this(adjoint, forwardPart, reversePart, adjoints, recomputed, null);
    }
  }

  /**
   * An {@code fAdjoint} that runs both sweeps itself, with loops fused ({@link FusedLoops}),
   * instead of calling the parts; its adjoint variables and the variables it assigns only where
   * it computes values again, as {@link Result#adjoints} and {@link Result#recomputed}.
   */
  public record Joint(Function adjoint, Set<Var> adjoints, Set<Var> recomputed,
      Map<Var, Var> originalOf, Var value) {
    /**
     * {@code cleaned} (this adjoint after clean-up passes) with the copies of adjoints computed
     * early named as the adjoints where those are no longer used.
     */
    public Function named(Function cleaned) {
      return AdjointSlice.namedAsOriginals(cleaned, originalOf);
    }
  }

  public static Result apply(Function lowered, CalleeTable callees) {
    Result parts = new ReverseTransform(Structurize.apply(lowered), callees, false).run();
    Joint joint = new ReverseTransform(Structurize.apply(lowered), callees, true).joint();
    return joint == null ? parts : new Result(parts.adjoint(), parts.forwardPart(),
        parts.reversePart(), parts.adjoints(), parts.recomputed(), joint);
  }

  /** The rule's signature: parameters with the adjoint buffers, the seed, the scalar adjoints. */
  private record Signature(List<Var> params, Var seed, Var scalarBars) {}

  private Result run() {
    Signature signature = signature();
    List<Var> params = signature.params();
    Var seed = signature.seed();
    Var scalarBars = signature.scalarBars();
    Type returns = function.returnType();
    locals.addAll(function.locals());

    Sweeps sweeps = block(function.body(), 0);
    Block forwardSweep = new Block().addAll(constantAdjoints()).addAll(sweeps.forward());
    Var value = null;
    if (result != null) {
      value = new Var(names.fresh("value"), returns, Var.Kind.TEMP);
      locals.add(value);
    }
    Block seeding = seeding(seed);
    Result parts = new ReverseParts(function, result, effects, names, tape, this::adjoint, setup,
        locals, restoredClasses).split(params, seed, scalarBars, forwardSweep, sweeps.reverse(),
        value, seeding);
    return new Result(parts.adjoint(), parts.forwardPart(), parts.reversePart(),
        Set.copyOf(adjoints.values()), Set.copyOf(recomputedTargets));
  }

  private Signature signature() {
    List<Var> params = new ArrayList<>();
    for (Var p : function.params()) {
      params.add(p);
      if ((p.type().isArray() || p.type().hasShadow()) && p.isDifferentiableParam()) {
        Var bar = new Var(names.fresh(RuleNames.adjoint(p.name())), p.type().tangentType(),
            Var.Kind.PARAM);
        adjoints.put(p, bar);
        params.add(bar);
      }
    }
    Type returns = function.returnType();
    Var seed = null;
    if (returns.isDifferentiable()) {
      boolean reference = returns.isArray() || returns.hasShadow();
      seed = new Var(names.fresh(reference ? "resultBar" : "seed"),
          returns.tangentType(), Var.Kind.PARAM);
      params.add(seed);
    }
    Var scalarBars = null;
    if (function.params().stream().anyMatch(p -> p.isDifferentiableParam()
        && p.type().isFloating())) {
      scalarBars = new Var(names.fresh("scalarBars"), Type.DOUBLE_ARRAY, Var.Kind.PARAM);
      params.add(scalarBars);
    }
    return new Signature(params, seed, scalarBars);
  }

  /** What the reverse sweep starts from: the result's adjoint, from the seed. */
  private Block seeding(Var seed) {
    Type returns = function.returnType();
    Block seeding = new Block();
    if (result != null && seed != null && (returns.isArray() || returns.hasShadow())) {
      // a record's tangent class adds its tangents as Snapshots adds arrays (a result without
      // a derivative, an array of records of data, has no seed: seed 2904, program 721)
      String adder = returns.shape() != null ? returns.shape().tangentName() : SNAPSHOTS;
      seeding.add(new Stmt.Eval(new Expr.Call(adder, "addTo",
          List.of(ref(adjoint(result)), ref(seed)), Type.VOID), Origin.NONE));
    } else if (result != null && activity.isActive(result)) {
      seeding.add(new Stmt.Assign(adjoint(result), ref(seed), Origin.NONE));
    }
    return seeding;
  }

  /**
   * Zero adjoints for the {@code @NoGrad} arrays and objects the sweeps needed one for (passed to
   * a callee, stored in a record, pointed to by a local): what flows into them is dropped. A
   * scalar's adjoint local starts at zero as declared.
   */
  private Block constantAdjoints() {
    Block out = new Block();
    for (Var p : function.params()) {
      Var bar = p.isConstant() && hasAdjoint(p.type()) ? adjoints.get(p) : null;
      if (bar != null) {
        Expr zero = p.type().shape() != null ? Exprs.zeroTangent(ref(p))
            : new Expr.Call(SNAPSHOTS, "zerosLike", List.of(ref(p)), bar.type()); // null-safe
        out.add(new Stmt.Assign(bar, zero, Origin.NONE));
      }
    }
    return out;
  }

  /**
   * An assignment must save the old value if a derivative reads the variable and the value may
   * be live: not at the variable's first definition outside loops, and not for {@code i += c} on
   * an integer, which the reverse sweep undoes with {@code i -= c}.
   */
  private boolean saves(Stmt.Assign a, int loopDepth) {
    Var v = a.target();
    boolean firstDefinition = loopDepth == 0 && !v.isParam() && !defined.contains(v);
    return recorded.oldValueRead(a) && !firstDefinition && inverse(a) == null
        && !recorded.isRematerialized(v);
  }

  /** Arrays of numbers and records with a derivative: values followed with an adjoint. */
  private static boolean hasAdjoint(Type type) {
    return type.hasShadow() || type.isArray() && !type.isPassiveArray();
  }

  /** {@code i = i - c} for {@code i = i + c} on an int or long (exact: integers wrap). */
  static Stmt.Assign inverse(Stmt.Assign a) {
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
    Stmt previous = null;
    for (Stmt s : in.stmts()) {
      Sweeps sweeps = sweeps(s, previous, loopDepth);
      forward.addAll(sweeps.forward());
      reverseChunks.add(readAgain(s).addAll(sweeps.reverse()));
      if (!(s instanceof Stmt.Comment)) {
        previous = s;
      }
    }
    Collections.reverse(reverseChunks);
    Block reverse = new Block();
    reverseChunks.forEach(reverse::addAll);
    return new Sweeps(forward, reverse);
  }

  /** The sweeps of {@code s}, which follows {@code previous} (null: none) in its block. */
  private Sweeps sweeps(Stmt s, Stmt previous, int loopDepth) {
    Sweeps sweeps = s instanceof Stmt.Loop l ? loop(l, loopDepth, constantStart(previous, l),
        startAgain(previous, l)) : statement(s, loopDepth);
    expanded.allocatedAfter(s).forEach(sweeps.forward()::add);
    return sweeps;
  }

  /** Values read again rather than kept: assigned where the reverse of {@code s} starts. */
  private Block readAgain(Stmt s) {
    Block reverse = new Block();
    for (Stmt.Assign again : recorded.rematerializedBefore(s)) {
      if (!recorded.rematerializesShadowOnly(again.target())) {
        reverse.add(new Stmt.Assign(again.target(), again.value(), again.origin()));
        // it reads what the primal's one assignment read, at the same indices: if nothing
        // reads it on the way back (double[] t3 = y[i] next to t3Bar), it may go
        recomputedTargets.add(again.target());
      }
      if (again.target().type().hasShadow() && !activity.isData(again.target())) {
        reverse.add(new Stmt.Assign(adjoint(again.target()), shadow(again.value()),
            again.origin()));
      }
    }
    return reverse;
  }

  // ---------------------------------------------------------------- fused loops

  /**
   * {@code fAdjoint} running both sweeps itself, each loop of {@link #fused} whose adjoints it
   * needs can be computed before it ({@link AdjointSlice}) run with its reverse inside: iteration
   * by iteration, its forward sweep with its pushes, then at once its reverse. Null if no loop
   * fuses.
   */
  private Joint joint() {
    if (fused.isEmpty()) {
      return null;
    }
    Signature signature = signature();
    locals.addAll(function.locals());
    List<Stmt> stmts = function.body().stmts();
    int n = stmts.size();
    List<Block> forward = new ArrayList<>();
    List<Block> readAgain = new ArrayList<>();
    List<Block> reverse = new ArrayList<>();
    Stmt previous = null;
    for (int k = 0; k < n; k++) {
      Stmt s = stmts.get(k);
      Sweeps sweeps = sweeps(s, previous, 0);
      forward.add(sweeps.forward());
      readAgain.add(readAgain(s));
      reverse.add(sweeps.reverse());
      if (!(s instanceof Stmt.Comment)) {
        previous = s;
      }
    }
    Block seeding = seeding(signature.seed());
    Set<Var> numberAdjoints = new HashSet<>();
    adjoints.values().stream().filter(v -> v.type().isFloating()).forEach(numberAdjoints::add);
    Set<Var> writtenGoingForward = new HashSet<>();
    Map<Var, Var> originalOf = new HashMap<>();
    boolean any = false;
    // first to last: each loop's reverse code after it is as the fused loops before it left it
    for (int k = 0; k < n; k++) {
      if (!(stmts.get(k) instanceof Stmt.Loop l) || !fused.containsKey(l)
          || reverse.get(k).isEmpty()) {
        continue;
      }
      List<Stmt> after = new ArrayList<>(seeding.stmts());
      for (int j = n - 1; j > k; j--) {
        after.addAll(readAgain.get(j).stmts());
        after.addAll(reverse.get(j).stmts());
      }
      Set<Var> changing = Blocks.assignedAnyhow(new Block(stmts.subList(k, n)));
      Var seed = signature.seed();
      Set<Var> accumulatorAdjoints = new HashSet<>();
      fused.get(l).accumulators().stream().filter(adjoints::containsKey)
          .forEach(a -> accumulatorAdjoints.add(adjoints.get(a)));
      AdjointSlice.Copies early = AdjointSlice.of(after, accumulatorAdjoints, numberAdjoints,
          v -> v == seed || !changing.contains(v) && !adjoints.containsValue(v),
          writtenGoingForward, v -> {
            Var copy = new Var(names.fresh(v.name()), v.type(), Var.Kind.TEMP);
            locals.add(copy);
            return copy;
          });
      if (early == null) {
        continue;
      }
      early.copyOf().forEach((original, copy) -> originalOf.put(copy, original));
      Block loop = fusedLoop(l, early.copyOf());
      writtenGoingForward.addAll(Blocks.assignedAnyhow(loop));
      // before the counter's start, if that comes just before: the loop prints as a for loop
      int at = k > 0 && stmts.get(k - 1) instanceof Stmt.Assign init
          && init.target() == ToBeRecorded.countingVariable(l) ? k - 1 : k;
      forward.get(at).stmts().addAll(0, early.statements());
      forward.set(k, at == k ? new Block(early.statements()).addAll(loop) : loop);
      reverse.set(k, new Block());
      any = true;
      if (Boolean.getBoolean("jgrad.debug")) {
        System.err.println("jgrad: " + function.name() + ": the loop at line "
            + l.origin().line() + " is reversed inside the forward sweep of fAdjoint");
      }
    }
    if (!any) {
      return null;
    }
    Var value = new Var(names.fresh("value"), function.returnType(), Var.Kind.TEMP);
    locals.add(value);
    Function adjoint = jointFunction(signature, forward, readAgain, reverse, seeding, value);
    Set<Var> allAdjoints = new HashSet<>(adjoints.values());
    allAdjoints.addAll(originalOf.keySet());
    return new Joint(adjoint, Set.copyOf(allAdjoints), Set.copyOf(recomputedTargets),
        Map.copyOf(originalOf), value);
  }

  /**
   * A fused loop: each iteration's forward sweep, with its pushes, and at once its reverse, which
   * reads the adjoints of the loop's accumulators from their copies computed before it ({@code
   * early}: the copy of each adjoint).
   */
  private Block fusedLoop(Stmt.Loop l, Map<Var, Var> early) {
    Map<Var, Var> own = new HashMap<>();
    for (Var a : fused.get(l).accumulators()) {
      Var bar = adjoints.get(a);
      if (bar != null && early.containsKey(bar)) {
        own.put(a, bar);
        adjoints.put(a, early.get(bar));
      }
    }
    try {
      return iterationsFused(l);
    } finally {
      adjoints.putAll(own);
    }
  }

  private Block iterationsFused(Stmt.Loop l) {
    List<Stmt> stmts = l.body().stmts();
    Block body = new Block(stmts.subList(0, stmts.size() - 1));
    ToBeRecorded outer = recorded;
    recorded = new ToBeRecorded(new Function(function.name(), function.params(), Type.VOID,
        body, function.locals()), callees, activity, effects);
    int outerTop = recomputedTop;
    recomputedTop = 1; // each iteration assigns its row variables before reading them
    Sweeps iteration = block(body, 1);
    recomputedTop = outerTop;
    recorded = outer;
    Block loopBody = new Block().addAll(iteration.forward()).addAll(iteration.reverse())
        .add(stmts.get(stmts.size() - 1));
    return new Block().add(new Stmt.Loop(null, l.condition(), loopBody, new Block(),
        l.testFirst(), l.origin()));
  }

  /**
   * The joint {@code fAdjoint}: the forward sweep, the value, the reverse sweep from the seed,
   * the scalar adjoints added into {@code scalarBars}; the tapes truncated if anything throws.
   */
  private Function jointFunction(Signature signature, List<Block> forward,
      List<Block> readAgain, List<Block> reverse, Block seeding, Var value) {
    Block body = new Block().addAll(constantAdjoints());
    forward.forEach(body::addAll);
    body.add(new Stmt.Assign(value, ref(result), Origin.NONE));
    body.addAll(seeding);
    for (int j = reverse.size() - 1; j >= 0; j--) {
      body.addAll(readAgain.get(j)).addAll(reverse.get(j));
    }
    int k = 0;
    for (Var p : function.params()) {
      if (p.isDifferentiableParam() && p.type().isFloating()) {
        body.add(new Stmt.Accumulate(new Expr.Index(ref(signature.scalarBars()),
            Expr.Lit.ofInt(k++), Type.DOUBLE), ref(adjoint(p)), Origin.NONE));
      }
    }
    body.add(new Stmt.Return(ref(value), Origin.NONE));
    Block entry = new Block();
    if (setup.isEmpty() || !Blocks.reads(body).contains(tape.tapes())) {
      entry.addAll(body); // nothing taped (the parts may tape what this runs fused)
    } else {
      entry.addAll(setup).addAll(tape.truncatingOnThrow(tape.tapes(), body, locals));
    }
    return new Function(RuleNames.adjointMethod(function.name()), signature.params(),
        function.returnType(), entry, locals);
  }

  private Sweeps statement(Stmt s, int loopDepth) {
    if (s instanceof Stmt.Assign a && callees.of(a.value()) != null) {
      return call(a, (Expr.Call) a.value(), a.target(), a.origin(), loopDepth);
    }
    if (s instanceof Stmt.Eval e && callees.of(e.expr()) != null) {
      return call(e, (Expr.Call) e.expr(), null, e.origin(), loopDepth);
    }
    if (s instanceof Stmt.Assign a
        && (a.target().type().isPassiveArray() || activity.isData(a.target()))) {
      return passivePointer(a, loopDepth);
    }
    if (s instanceof Stmt.Assign a
        && (a.target().type().isArray() || a.target().type().hasShadow())) {
      return pointer(a, loopDepth);
    }
    if (s instanceof Stmt.Assign a) {
      return assign(a, loopDepth);
    }
    if (s instanceof Stmt.Store st) {
      return store(st);
    }
    if (s instanceof Stmt.SetField f) {
      return setField(f);
    }
    if (s instanceof Stmt.If i) {
      return branch(i, loopDepth);
    }
    if (s instanceof Stmt.Loop l) {
      return loop(l, loopDepth, null, null);
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
    Stmt.Assign undo = recorded.oldValueRead(a) || forceUndo.contains(a) ? inverse(a) : null;
    defined.add(target);
    if (saves) {
      forward.add(tape.push(target, origin));
    }
    forward.add(a);
    if (activity.isActive(target) && !usefulness.targetUseless(a)) {
      propagate(a, reverse);
    }
    if (saves) {
      reverse.add(tape.pop(target, origin));
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
      reverse.add(new Stmt.Accumulate(adjointOf(p.operand()),
          LocalDerivatives.times(p.derivative(), ref(targetBar), true), a.origin()));
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
    // a result without a derivative (int[], an array of records of data) has no adjoint
    boolean pointer = target != null && hasAdjoint(target.type());
    boolean passivePointer = target != null && target.type().isPassiveArray();
    boolean saves = target != null && (pointer || passivePointer ? reassigned(target, loopDepth)
        : saves(assign, loopDepth));
    if (target != null) {
      defined.add(target);
    }
    if (saves) {
      forward.addAll(pointer ? pushPointer(target, origin)
          : new Block().add(tape.push(target, origin)));
    }
    List<Expr> withAdjoints = new ArrayList<>();
    for (int k = 0; k < call.args().size(); k++) {
      withAdjoints.add(call.args().get(k));
      if (callee.parameterTypes().get(k).hasShadow() && callee.differentiable(k)) {
        withAdjoints.add(adjointOf(call.args().get(k)));
      }
    }
    List<Expr> forwardArgs = new ArrayList<>(withAdjoints);
    forwardArgs.add(0, ref(tape.tapes())); // the parts take this call's tapes
    Expr forwardPart = new Expr.Call(callee.reverseClass(), RuleNames.forwardPart(call.name()),
        forwardArgs, call.type());
    if (target == null) {
      forward.add(new Stmt.Eval(forwardPart, origin));
    } else {
      forward.add(new Stmt.Assign(target, forwardPart, origin));
    }
    if (pointer) {
      // a new array (a @Grad method never returns its argument) with a new adjoint; the
      // callee's reverse part may put back old contents of it
      if (ArrayEffects.holdsMemory(target.type())) {
        restoredClasses.add(effects.classOf(target));
      }
      forward.add(new Stmt.Assign(adjoint(target), freshAdjoint(target), origin));
      forward.addAll(sharedAdjoints(callee, call, target, origin));
    }
    if (callees.isNested(callee) && !pointer && (target == null || !activity.isActive(target)
        || usefulness.targetUseless(assign))) {
      // no adjoint to pass back, and nothing on the tape to take: no reverse part
      if (saves) {
        reverse.addAll(new Block().add(tape.pop(target, origin)));
      }
      return new Sweeps(forward, reverse);
    }
    // the reverse part finds the arrays as the forward part left them (the reverse sweep of the
    // statements after the call put back what they changed) and leaves them as they were before
    List<Expr> args = new ArrayList<>(forwardArgs);
    if (hasAdjoint(callee.returnType())) {
      args.add(ref(adjoint(target)));
    } else if (callee.returnType().isFloating()) {
      args.add(target != null && activity.isActive(target) ? ref(adjoint(target)) : ZERO);
    }
    reverse.add(new Stmt.Eval(new Expr.Call(callee.reverseClass(),
        RuleNames.reversePart(call.name()), args, Type.VOID), origin));
    // the reverse part left the scalar adjoints on the tape, last parameter on top
    for (int k = call.args().size() - 1; k >= 0; k--) {
      if (callee.differentiableScalar(k)) {
        Expr arg = call.args().get(k);
        Expr popped = tape.invoke(Tape.DOUBLE, "pop");
        reverse.add(activity.isActive(arg) ? new Stmt.Accumulate(adjointOf(arg), popped, origin)
            : new Stmt.Eval(popped, origin));
      }
    }
    if (target != null && !pointer && activity.isActive(target)) {
      reverse.add(new Stmt.Assign(adjoint(target), ZERO, origin));
    }
    if (saves) {
      reverse.addAll(pointer ? popPointer(target, true, origin)
          : new Block().add(tape.pop(target, origin)));
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
    boolean saves = element.type().isArray() || recorded.oldElementRead(st)
        || recorded.reachesParameter(st);
    if (saves) {
      restoredClasses.add(effects.elementClass(st.array()));
      forward.add(tape.push(element, origin));
    }
    forward.add(st);
    if (saves) {
      reverse.add(new Stmt.Store(st.array(), st.index(), tape.popped(element.type()), origin));
    }
    return new Sweeps(forward, reverse);
  }

  /**
   * {@code k = int array expression}, {@code gold = data[t]}: kept if reassigned, like an int
   * variable, unless read again where the reverse needs it.
   */
  private Sweeps passivePointer(Stmt.Assign a, int loopDepth) {
    Block forward = new Block();
    Block reverse = new Block();
    boolean saves = reassigned(a.target(), loopDepth) && !recorded.isRematerialized(a.target());
    if (saves) {
      forward.add(tape.push(a.target(), a.origin()));
    }
    forward.add(a);
    if (saves) {
      reverse.add(tape.pop(a.target(), a.origin()));
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
    boolean reference = st.value().type().isArray() || st.value().type().hasShadow();
    Expr element = new Expr.Index(st.array(), st.index(), reference
        ? st.value().type() : st.array().type().elementType()); // double or float
    Expr shadowElement = new Expr.Index(adjointOf(st.array()), st.index(),
        element.type().tangentType());
    if (reference) {
      // old references come back in the reverse sweep: a result holding the array is copied;
      // an old record of numbers that nothing reads on the way back stays away, its adjoint
      // object does not (it holds the cotangent of the element it was)
      boolean savesValue = !isValueRecord(st.value().type()) || recorded.oldElementRead(st)
          || recorded.reachesParameter(st);
      if (savesValue) {
        restoredClasses.add(effects.elementClass(st.array()));
        forward.add(new Stmt.Eval(tape.invoke(Tape.REF, "push", element), origin));
      }
      boolean keepsSlot = slots.keepsSlot(st);
      Expr fresh = new Expr.New(shadowElement.type(), List.of());
      if (keepsSlot) {
        // the slot's adjoint object is the new element's too: it holds zero going forward
        forward.add(st);
        forward.add(new Stmt.If(new Expr.Binary("==", shadowElement,
            new Expr.Lit(shadowElement.type(), "null"), Type.BOOLEAN),
            new Block().add(new Stmt.Store(adjointOf(st.array()), st.index(), fresh, origin)),
            new Block(), origin));
      } else {
        forward.add(new Stmt.Eval(tape.invoke(Tape.REF, "push", shadowElement), origin));
        forward.add(st);
        forward.add(new Stmt.Store(adjointOf(st.array()), st.index(), shadow(st.value()),
            origin));
      }
      for (Var stored : recorded.takenAtStore(st)) {
        reverse.add(new Stmt.Assign(adjoint(stored), shadowElement, origin));
      }
      // the element overwritten starts from a zero adjoint of its own on the way back
      reverse.add(new Stmt.Store(adjointOf(st.array()), st.index(), keepsSlot ? fresh
          : new Expr.Cast(shadowElement.type(), tape.invoke(Tape.REF, "pop")), origin));
      if (savesValue) {
        reverse.add(new Stmt.Store(st.array(), st.index(),
            new Expr.Cast(element.type(), tape.invoke(Tape.REF, "pop")), origin));
      }
      return new Sweeps(forward, reverse);
    }
    boolean saves = recorded.oldElementRead(st) || recorded.reachesParameter(st);
    if (saves) {
      restoredClasses.add(effects.elementClass(st.array()));
    }
    if (saves) {
      forward.add(new Stmt.Eval(tape.invoke(Tape.DOUBLE, "push", element), origin));
    }
    forward.add(st);
    if (activity.isActive(st.value())) {
      reverse.add(new Stmt.Accumulate(adjointOf(st.value()), shadowElement, origin));
    }
    reverse.add(new Stmt.Store(adjointOf(st.array()), st.index(), ZERO, origin));
    if (saves) {
      Expr old = tape.invoke(Tape.DOUBLE, "pop");
      reverse.add(new Stmt.Store(st.array(), st.index(), element.type().equals(old.type()) ? old
          : new Expr.Cast(element.type(), old), origin));
    }
    return new Sweeps(forward, reverse);
  }

  /**
   * {@code o.f = v} on a mutable object: the old value (and for a reference field, the old
   * adjoint reference) is always kept, and put back by the reverse sweep, so that every read of
   * a field sees in reverse what it saw going forward. A number's adjoint moves from the field
   * to {@code v}, as for an array element.
   */
  private Sweeps setField(Stmt.SetField f) {
    Origin origin = f.origin();
    Expr.Field field = f.field();
    Type owner = field.target().type();
    RecordShape.Component c = owner.shape().component(field.name());
    Block forward = new Block();
    Block reverse = new Block();
    restoredClasses.add(effects.elementClass(field.target()));
    Expr.Field adjointField = owner.hasShadow() && c.isDifferentiable()
        ? new Expr.Field(adjointOf(field.target()), field.name(), c.type().tangentType()) : null;
    boolean reference = !c.type().isPrimitive() && adjointField != null;
    forward.add(tape.push(field, origin));
    if (reference) {
      forward.add(tape.push(adjointField, origin));
    }
    forward.add(f);
    if (reference) {
      forward.add(new Stmt.SetField(adjointField, shadow(f.value()), origin));
      reverse.add(new Stmt.SetField(adjointField, tape.popped(adjointField.type()), origin));
    } else if (adjointField != null) {
      if (activity.isActive(f.value())) {
        reverse.add(new Stmt.Accumulate(adjointOf(f.value()), adjointField, origin));
      }
      reverse.add(new Stmt.SetField(adjointField, ZERO, origin));
    }
    reverse.add(new Stmt.SetField(field, tape.popped(field.type()), origin));
    return new Sweeps(forward, reverse);
  }

  /** {@code v = array expression}: the adjoint variable follows the same memory. */
  private Sweeps pointer(Stmt.Assign a, int loopDepth) {
    Var v = a.target();
    Block forward = new Block();
    Block reverse = new Block();
    // at the top of an iteration computed again, which assigns it again before its reverse
    // reads it, the value of the iteration before is never needed
    boolean saves = (loopDepth == recomputedTop ? assignments.count(v) > 1 || v.isParam()
        : reassigned(v, loopDepth)) && !recorded.isRematerialized(v);
    // a record of numbers no reverse statement reads (d.scale(s).plus(v) read through its
    // components, which were forwarded) keeps only its adjoint object on the tape
    boolean valueRead = !isValueRecord(v.type()) || recorded.oldValueRead(a);
    if (saves) {
      forward.addAll(pushPointer(v, valueRead, a.origin()));
    }
    forward.add(a);
    // a passive call's result (a record or array built from data only) gets a zero adjoint;
    // a record stored into a slot that keeps its adjoint object has none of its own going forward
    if (!slots.isStoredValue(v)) {
      forward.add(new Stmt.Assign(adjoint(v), a.value() instanceof Expr.Call
          || a.value() instanceof Expr.Invoke ? freshAdjoint(v) : shadow(a.value()), a.origin()));
    }
    if (a.value() instanceof Expr.New n) {
      // new R(x, ...): what was read from the components flows into the arguments
      List<RecordShape.Component> components = n.type().shape().components();
      for (int k = 0; k < components.size(); k++) {
        Expr arg = n.componentArg(k);
        if (components.get(k).type().isFloating() && arg != null && activity.isActive(arg)) {
          reverse.add(new Stmt.Accumulate(adjointOf(arg), new Expr.Field(ref(adjoint(v)),
              components.get(k).name(), Type.DOUBLE), a.origin()));
        }
      }
    }
    if (saves) {
      reverse.addAll(popPointer(v, valueRead, a.origin()));
    }
    return new Sweeps(forward, reverse);
  }

  /** An immutable record holding numbers and such records only: its value is all it has. */
  private static boolean isValueRecord(Type type) {
    return type.isRecord() && !type.isMutableObject() && !type.shape().holdsMemory();
  }

  /**
   * An object a constructor built holds the arrays and objects it stored unchanged ({@code
   * this.x = x}): its adjoint holds their adjoints, as for {@code new R(x)}.
   */
  private Block sharedAdjoints(GradCallee callee, Expr.Call call, Var target, Origin origin) {
    Block out = new Block();
    if (callee.storedArgs() == null) {
      return out;
    }
    List<RecordShape.Component> components = target.type().shape().components();
    for (int k = 0; k < components.size(); k++) {
      RecordShape.Component c = components.get(k);
      int arg = callee.storedArgs().get(k);
      if (arg >= 0 && c.isDifferentiable() && !c.type().isPrimitive()) {
        out.add(new Stmt.SetField(new Expr.Field(ref(adjoint(target)), c.name(),
            c.type().tangentType()), shadow(call.args().get(arg)), origin));
      }
    }
    return out;
  }

  /** A zero adjoint for a new array or record that a callee returned. */
  private static Expr freshAdjoint(Var target) {
    Type type = target.type().tangentType();
    if (target.type().shape() != null) {
      return Exprs.zeroTangent(ref(target));
    }
    return type.dimensions() >= 2
        ? new Expr.Call(SNAPSHOTS, "zerosLike", List.of(ref(target)), type)
        : new Expr.NewArray(type, List.of(new Expr.Length(ref(target))));
  }

  private boolean reassigned(Var v, int loopDepth) {
    return loopDepth > 0 || assignments.count(v) > 1 || v.isParam();
  }

  private Block pushPointer(Var v, Origin origin) {
    return pushPointer(v, true, origin);
  }

  /** Saves the adjoint reference of {@code v}, and its value first if {@code withValue}. */
  private Block pushPointer(Var v, boolean withValue, Origin origin) {
    Block out = new Block();
    if (withValue) {
      out.add(new Stmt.Eval(tape.invoke(Tape.REF, "push", ref(v)), origin));
    }
    return out.add(new Stmt.Eval(tape.invoke(Tape.REF, "push", ref(adjoint(v))), origin));
  }

  private Block popPointer(Var v, boolean withValue, Origin origin) {
    Block out = new Block().add(new Stmt.Assign(adjoint(v), new Expr.Cast(
        v.type().tangentType(), tape.invoke(Tape.REF, "pop")), origin));
    if (withValue) {
      out.add(new Stmt.Assign(v, new Expr.Cast(v.type(), tape.invoke(Tape.REF, "pop")), origin));
    }
    return out;
  }

  /** The adjoint memory of an array or record expression. */
  private Expr shadow(Expr array) {
    if (array instanceof Expr.NewArray n) {
      return new Expr.NewArray(n.type().tangentType(), n.dimensions());
    }
    if (array instanceof Expr.New n) {
      // a new record's adjoint shares its record and array components' adjoints: they are
      // the same objects; its own numbers start at zero
      List<Expr> args = new ArrayList<>();
      List<RecordShape.Component> components = n.type().shape().components();
      for (int k = 0; k < components.size(); k++) {
        Type type = components.get(k).type();
        if ((type.isRecord() || type.isArray()) && components.get(k).isDifferentiable()) {
          args.add(shadow(n.componentArg(k)));
        } else if (components.get(k).isDifferentiable()) {
          args.add(ZERO);
        }
      }
      return new Expr.New(n.type().tangentType(), args);
    }
    if (Exprs.isTable(array) && array.type().isArray()) {
      // a static final table is a constant: what flows into its adjoint is dropped
      return new Expr.Call(SNAPSHOTS, "zerosLike", List.of(array), array.type().tangentType());
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
    if (ReverseParts.recomputable(i.condition(), Blocks.assignedAnyhow(function.body()))) {
      // a condition on parameters nothing assigns (n > 0): evaluated again, not taped
      return new Sweeps(new Block().add(new Stmt.If(i.condition(), then.forward(),
          otherwise.forward(), i.origin())), new Block().add(new Stmt.If(i.condition(),
          then.reverse(), otherwise.reverse(), i.origin())));
    }
    then.forward().add(new Stmt.Eval(tape.invoke(Tape.INT, "push", Expr.Lit.ofInt(1)),
        i.origin()));
    otherwise.forward().add(new Stmt.Eval(tape.invoke(Tape.INT, "push", Expr.Lit.ofInt(0)),
        i.origin()));
    Stmt forward = new Stmt.If(i.condition(), then.forward(), otherwise.forward(), i.origin());
    Stmt reverse = new Stmt.If(tape.invoke(Tape.INT, "popBoolean"), then.reverse(),
        otherwise.reverse(), i.origin());
    return new Sweeps(new Block().add(forward), new Block().add(reverse));
  }

  /**
   * The literal a counting loop's variable starts at, when the statement just before the loop
   * assigns it ({@code for (int i = 0; ...)}); else null.
   */
  private static Expr.Lit constantStart(Stmt previous, Stmt.Loop l) {
    Var counter = ToBeRecorded.countingVariable(l);
    return counter != null && previous instanceof Stmt.Assign a && a.target() == counter
        && a.value() instanceof Expr.Lit lit && lit.type().equals(counter.type()) ? lit : null;
  }

  /**
   * The expression a counting loop's counter starts at, if the reverse sweep can compute it
   * again where the loop's reverse begins: integer operators over literals, parameters nothing
   * assigns, and counters of the loops around it, which the reverse sweep has counted back to
   * their values in this iteration ({@code for (row = col + 1; ...)} in a loop over col: nothing
   * taped for where row started). Null otherwise.
   */
  private Expr startAgain(Stmt previous, Stmt.Loop l) {
    Var counter = ToBeRecorded.countingVariable(l);
    if (counter == null || !(previous instanceof Stmt.Assign a) || a.target() != counter
        || a.value() instanceof Expr.Lit) {
      return null;
    }
    boolean[] ok = {true};
    Exprs.visit(a.value(), x -> {
      boolean fits = x instanceof Expr.Lit lit && lit.type().equals(Type.INT)
          || x instanceof Expr.Binary b && b.type().equals(Type.INT)
              && (b.op().equals("+") || b.op().equals("-") || b.op().equals("*"))
          || x instanceof Expr.Ref r && r.var() != counter && r.var().type().equals(Type.INT)
              && (r.var().isParam() && assignments.count(r.var()) == 0
                  || enclosingCounters.contains(r.var()) && assignments.count(r.var()) == 2);
      ok[0] &= fits;
    });
    return ok[0] ? a.value() : null;
  }

  /**
   * A loop; {@code knownStart}: the literal its counter starts at, or null; {@code startAgain}:
   * an expression the reverse sweep computes that start from again ({@link #startAgain}), or
   * null.
   */
  private Sweeps loop(Stmt.Loop l, int loopDepth, Expr.Lit knownStart, Expr startAgain) {
    Var counter = ToBeRecorded.countingVariable(l);
    if (counter != null) {
      forceUndo.add(l.body().stmts().get(l.body().stmts().size() - 1));
      enclosingCounters.push(counter);
    }
    try {
      return loopWithin(l, loopDepth, counter, knownStart, startAgain);
    } finally {
      if (counter != null) {
        enclosingCounters.pop();
      }
    }
  }

  private Sweeps loopWithin(Stmt.Loop l, int loopDepth, Var counter, Expr.Lit knownStart,
      Expr startAgain) {
    Block forwardBody;
    Block reverseBody;
    ExpandedArrays.Expansion expansion = expanded.of(l);
    if (expansion != null && paired && knownStart != null && knownStart.text().equals("0")) {
      Sweeps iteration = expandedIteration(l, loopDepth, expansion);
      forwardBody = iteration.forward();
      reverseBody = iteration.reverse();
    } else if (recomputed.containsKey(l)) {
      // the primal loop; the reverse of each iteration computes it again, then goes back
      List<Stmt> stmts = l.body().stmts();
      Stmt.Assign step = (Stmt.Assign) stmts.get(stmts.size() - 1);
      // what one iteration keeps when it runs again just before its reverse: only the values
      // it overwrites itself that an earlier statement of it reads on the way back
      Block body = new Block(stmts.subList(0, stmts.size() - 1));
      ToBeRecorded outer = recorded;
      recorded = new ToBeRecorded(new Function(function.name(), function.params(), Type.VOID,
          body, function.locals()), callees, activity, effects);
      // a loop inside computed again too: taping it per outer iteration measured no faster
      int outerTop = recomputedTop;
      recomputedTop = loopDepth + 1;
      Sweeps iteration = block(body, loopDepth + 1);
      recomputedTop = outerTop;
      recorded = outer;
      // an inner loop computed again per iteration of its own in its reverse need not run in
      // this recomputation as well: what it leaves for the statements after it (gmm's beta,
      // k numbers a point) is kept on the tape instead
      List<Stmt> primal = new ArrayList<>(stmts);
      Block forwardAgain = new Block(iteration.forward().stmts());
      Block restores = new Block();
      for (Stmt s : body.stmts()) {
        Started emitted = s instanceof Stmt.Loop inner ? forwardLoopOf.get(inner) : null;
        List<Var> kept = emitted == null ? null
            : RecomputedIterations.leftForTheRest(body.stmts(), (Stmt.Loop) s, effects);
        int where = kept == null ? -1 : indexOf(forwardAgain.stmts(), emitted.loop());
        if (where >= 0) {
          // its reverse counts down from where the counter ended: max(start, bound)
          Var innerCounter = ToBeRecorded.countingVariable((Stmt.Loop) s);
          Expr bound = ((Expr.Binary) ((Stmt.Loop) s).condition()).right();
          forwardAgain.stmts().set(where, new Stmt.Assign(innerCounter, new Expr.Conditional(
              new Expr.Binary("<", emitted.start(), bound, Type.BOOLEAN), bound,
              emitted.start(), Type.INT), s.origin()));
          int at = 0;
          while (primal.get(at) != s) {
            at++;
          }
          primal.addAll(at + 1, keep(kept, s.origin()).stmts());
          restores = takeBack(kept, s.origin()).addAll(restores);
        }
      }
      forwardBody = new Block(primal);
      Block again = restores.addAll(RecomputedIterations.withoutAdditionsInto(forwardAgain,
          recomputed.get(l)));
      recomputedTargets.addAll(Blocks.assigned(again));
      reverseBody = new Block().add(inverse(step)).addAll(again).addAll(iteration.reverse());
    } else {
      boolean outerPaired = paired;
      paired = false;
      Sweeps body = block(l.body(), loopDepth + 1);
      Sweeps update = block(l.update(), loopDepth + 1);
      paired = outerPaired;
      forwardBody = new Block().addAll(body.forward()).addAll(update.forward());
      reverseBody = new Block().addAll(update.reverse()).addAll(body.reverse());
    }
    if (reverseBody.isEmpty()) {
      return new Sweeps(new Block().add(new Stmt.Loop(null, l.condition(), forwardBody,
          new Block(), l.testFirst(), l.origin())), new Block());
    }
    Origin origin = l.origin();
    if (counter != null && knownStart != null) {
      // for (int i = 0; ...): i is counted back down to the literal, nothing is recorded
      Stmt.Loop forwardLoop = new Stmt.Loop(null, l.condition(), forwardBody, new Block(), true,
          origin);
      if (recomputed.containsKey(l) && expanded.of(l) == null) {
        forwardLoopOf.put(l, new Started(forwardLoop, knownStart));
      }
      Block forward = new Block().add(forwardLoop);
      Block reverse = endOf(counter, knownStart, l, origin)
          .add(new Stmt.Loop(null, new Expr.Binary(">", ref(counter), knownStart, Type.BOOLEAN),
              reverseBody, new Block(), true, origin));
      return new Sweeps(forward, reverse);
    }
    if (counter != null && startAgain != null) {
      // for (row = col + 1; ...) inside a loop over col: where row started is computed again
      Var start = new Var(names.fresh(counter.name() + "Start"), counter.type(), Var.Kind.TEMP);
      locals.add(start);
      Block forward = new Block()
          .add(new Stmt.Loop(null, l.condition(), forwardBody, new Block(), true, origin));
      Block reverse = new Block()
          .add(new Stmt.Assign(start, startAgain, origin))
          .addAll(endOf(counter, ref(start), l, origin))
          .add(new Stmt.Loop(null, new Expr.Binary(">", ref(counter), ref(start), Type.BOOLEAN),
              reverseBody, new Block(), true, origin));
      return new Sweeps(forward, reverse);
    }
    if (counter != null) {
      // for (...; i < n; i++) with i written nowhere else: record where i started, and count
      // i back down to it (one induction variable, which the JIT handles best)
      Var start = new Var(names.fresh(counter.name() + "Start"), counter.type(), Var.Kind.TEMP);
      locals.add(start);
      Block forward = new Block()
          .add(new Stmt.Assign(start, ref(counter), origin))
          .add(new Stmt.Loop(null, l.condition(), forwardBody, new Block(), true, origin))
          .add(new Stmt.Eval(tape.invoke(Tape.INT, "push", ref(start)), origin));
      Block reverse = new Block()
          .add(new Stmt.Assign(start, tape.invoke(Tape.INT, "pop"), origin))
          .addAll(endOf(counter, ref(start), l, origin))
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
        .add(new Stmt.Eval(tape.invoke(Tape.INT, "push", ref(count)), origin));
    reverseBody.add(new Stmt.Assign(count, new Expr.Binary("-", ref(count), one, Type.INT),
        origin));
    Block reverse = new Block()
        .add(new Stmt.Assign(count, tape.invoke(Tape.INT, "pop"), origin))
        .add(new Stmt.Loop(null, new Expr.Binary(">", ref(count), Expr.Lit.ofInt(0),
            Type.BOOLEAN), reverseBody, new Block(), true, origin));
    return new Sweeps(forward, reverse);
  }

  /**
   * The forward and reverse of one iteration of a loop whose work arrays have a row per
   * iteration ({@link ExpandedArrays}): the iteration's sweeps as if it were the method (its
   * pushes for what it overwrites itself), in the rows; the forward sweep then keeps the scalars
   * the reverse reads as the iteration left them, which the reverse of the iteration takes back
   * first (after the counter's step back).
   */
  private Sweeps expandedIteration(Stmt.Loop l, int loopDepth,
      ExpandedArrays.Expansion expansion) {
    List<Stmt> stmts = l.body().stmts();
    Stmt.Assign step = (Stmt.Assign) stmts.get(stmts.size() - 1);
    Block body = new Block(stmts.subList(0, stmts.size() - 1));
    ToBeRecorded outer = recorded;
    recorded = new ToBeRecorded(new Function(function.name(), function.params(), Type.VOID,
        body, function.locals()), callees, activity, effects, true);
    int outerTop = recomputedTop;
    recomputedTop = loopDepth + 1;
    Sweeps iteration = block(body, loopDepth + 1);
    recomputedTop = outerTop;
    recorded = outer;
    Block forward = iteration.forward();
    Block reverse = iteration.reverse();
    Set<Var> left = new java.util.LinkedHashSet<>(Blocks.readBeforeAssigned(reverse));
    Set<Var> assigned = Blocks.assignedAnyhow(forward);
    left.retainAll(assigned);
    left.remove(expansion.counter());
    left.removeAll(recomputed.get(l));
    left.removeAll(expansion.rows().keySet());
    Block rows = expansion.rowsOfThisIteration(l.origin());
    Block forwardBody = new Block().add(new Stmt.Comment("this iteration's own rows of "
        + String.join(" and ", expansion.rows().keySet().stream().map(Var::name).toList())
        + ": its reverse reads them", Origin.NONE)).addAll(rows).addAll(forward);
    Block takenBack = new Block();
    Block readAgain = new Block();
    for (Var v : left) {
      Stmt.Assign again = onlyAssignment(forward, v);
      if (again != null && sameAfterLaterIterations(again.value(), assigned, expansion)) {
        readAgain.add(again);
      } else {
        forwardBody.add(tape.push(v, l.origin()));
        takenBack.stmts().add(0, tape.pop(v, l.origin()));
      }
    }
    forwardBody.add(step);
    return new Sweeps(forwardBody, new Block().add(inverse(step)).addAll(rows)
        .addAll(takenBack).addAll(readAgain).addAll(reverse));
  }

  /** The one assignment to {@code v} in {@code block}, if it is one of its own statements. */
  private static Stmt.Assign onlyAssignment(Block block, Var v) {
    List<Stmt> writes = new ArrayList<>();
    Blocks.visitStmts(block, s -> {
      if (s instanceof Stmt.Assign a && a.target() == v
          || s instanceof Stmt.Accumulate ac && ac.target() instanceof Expr.Ref r
              && r.var() == v) {
        writes.add(s);
      }
    });
    return writes.size() == 1 && writes.get(0) instanceof Stmt.Assign a
        && block.stmts().stream().anyMatch(s -> s == a) ? a : null;
  }

  /**
   * True if {@code value}, computed in an iteration of an expanded loop, has the same value
   * where the iteration's reverse begins: a row of a matrix whose rows stay where they are
   * ({@code qdiag[c]}, {@code qdiagBar[c]}), or the length of an array no statement of the
   * iteration ({@code assigned}) reassigns but to its row of the iteration. What the iteration
   * reads before writing, nothing after it writes ({@link RecomputedIterations#standingAlone});
   * the adjoint matrices' rows move only with the primal's.
   */
  private boolean sameAfterLaterIterations(Expr value, Set<Var> assigned,
      ExpandedArrays.Expansion expansion) {
    Expr array = value instanceof Expr.Length n ? n.array() : value;
    if (array instanceof Expr.Ref r) {
      return value != array && (!assigned.contains(r.var())
          || expansion.rows().containsKey(r.var()));
    }
    if (!(array instanceof Expr.Index i) || !(i.array() instanceof Expr.Ref m)
        || !(i.index() instanceof Expr.Ref c) || c.var() != expansion.counter()
        || !array.type().isArray() || assigned.contains(m.var())) {
      return false;
    }
    Var primal = m.var();
    for (Map.Entry<Var, Var> e : adjoints.entrySet()) {
      if (e.getValue() == m.var()) {
        primal = e.getKey();
      }
    }
    return (function.params().contains(primal) || function.locals().contains(primal))
        && !effects.movesRowsAtAnyLevel(primal) && !effects.isPassedToWritingCallee(primal);
  }

  private static int indexOf(List<Stmt> stmts, Stmt s) {
    for (int i = 0; i < stmts.size(); i++) {
      if (stmts.get(i) == s) {
        return i;
      }
    }
    return -1;
  }

  /** Pushes the elements of each array of numbers in {@code arrays}, in order. */
  private Block keep(List<Var> arrays, Origin origin) {
    Block out = new Block();
    for (Var a : arrays) {
      Var k = counterFor(a);
      out.add(new Stmt.Assign(k, Expr.Lit.ofInt(0), origin));
      Block body = new Block()
          .add(tape.push(new Expr.Index(ref(a), ref(k), a.type().elementType()), origin))
          .add(new Stmt.Assign(k, new Expr.Binary("+", ref(k), Expr.Lit.ofInt(1), Type.INT),
              origin));
      out.add(new Stmt.Loop(null, new Expr.Binary("<", ref(k), new Expr.Length(ref(a)),
          Type.BOOLEAN), body, new Block(), true, origin));
    }
    return out;
  }

  /** Pops what {@link #keep} pushed back into the arrays, the last array first. */
  private Block takeBack(List<Var> arrays, Origin origin) {
    Block out = new Block();
    for (int i = arrays.size() - 1; i >= 0; i--) {
      Var a = arrays.get(i);
      Var k = counterFor(a);
      out.add(new Stmt.Assign(k, new Expr.Length(ref(a)), origin));
      Block body = new Block()
          .add(new Stmt.Assign(k, new Expr.Binary("-", ref(k), Expr.Lit.ofInt(1), Type.INT),
              origin))
          .add(new Stmt.Store(ref(a), ref(k), tape.popped(a.type().elementType()), origin));
      out.add(new Stmt.Loop(null, new Expr.Binary(">", ref(k), Expr.Lit.ofInt(0),
          Type.BOOLEAN), body, new Block(), true, origin));
    }
    return out;
  }

  private Var counterFor(Var array) {
    Var k = new Var(names.fresh(array.name() + "Index"), Type.INT, Var.Kind.TEMP);
    locals.add(k);
    return k;
  }

  /**
   * {@code i = start < n ? n : start}: where a counting loop without jumps ended, so that its
   * counter's old value need not be kept where the loop starts it again (none if its bound is
   * not one the reverse sweep can read: {@link ToBeRecorded#loopEnd}).
   */
  private Block endOf(Var counter, Expr start, Stmt.Loop l, Origin origin) {
    Expr bound = recorded.loopEnd(l);
    Block out = new Block();
    if (bound instanceof Expr.Length && start instanceof Expr.Lit zero
        && zero.text().equals("0")) {
      out.add(new Stmt.Assign(counter, bound, origin)); // a length is never negative
    } else if (bound != null) {
      out.add(new Stmt.Assign(counter, new Expr.Conditional(new Expr.Binary("<", start, bound,
          Type.BOOLEAN), bound, start, Type.INT), origin));
    }
    return out;
  }

  /** The adjoint of a variable: a local for scalars, the caller's buffer for array parameters. */
  private Var adjoint(Var v) {
    return adjoints.computeIfAbsent(v, k -> {
      Var bar = new Var(names.fresh(RuleNames.adjoint(k.name())),
          k.type().tangentType(), Var.Kind.TEMP);
      locals.add(bar);
      return bar;
    });
  }

  private Expr adjointOf(Expr operand) {
    if (operand instanceof Expr.Ref r) {
      return ref(adjoint(r.var()));
    }
    if (operand instanceof Expr.Lit nothing) {
      return nothing; // a null array has a null adjoint
    }
    if (operand instanceof Expr.Field f) {
      return new Expr.Field(adjointOf(f.target()), f.name(), f.type().tangentType());
    }
    if (operand instanceof Expr.StaticField f && f.type().isRecord()) {
      return Exprs.zeroTangent(f); // a constant: adjoint dropped
    }
    if (!(operand instanceof Expr.Index i)) {
      throw new IllegalStateException("no adjoint for " + operand);
    }
    return new Expr.Index(adjointOf(i.array()), i.index(), i.type().tangentType());
  }
}
