package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.RuleNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IR -> IR: vector (chunked) forward mode. The forward rule {@code f(x, xDot)} becomes {@code
 * fDirections(x, xDots, directions, resultDots)}, carrying {@code directions} tangents through one
 * sweep: the primal statements and every partial derivative run once, and each tangent statement
 * runs once per direction in a loop over the directions. The direction is the last index of every
 * tangent ({@code double} becomes {@code double[k]}, {@code double[]} becomes {@code double[n][k]}),
 * so an array's tangent rows alias as the arrays do; each direction computes exactly what {@code f}
 * computes along it, bit for bit.
 *
 * <p>Returns null for what it does not carry: tangents of records and objects, calls of other
 * rules (callees that were not inlined), scalar tangents packed into one array; the Jacobian then
 * takes one forward call per column.
 */
public final class VectorTangents {
  private static final String DIRECTIONS = "io.jgrad.Directions";

  private final Set<Var> tangents;
  private final Names names;
  private final Map<Var, Var> vectors = new HashMap<>();
  private final List<Var> locals = new ArrayList<>();
  private final Var directions;
  private final String laneName;
  private Var resultDots;

  /** Thrown (and caught in {@link #apply}) where the rule cannot carry several directions. */
  private static final class Unsupported extends RuntimeException {
    Unsupported() {
      super(null, null, false, Boolean.getBoolean("jgrad.debug"));
    }
  }

  /**
   * A part of the same rule that the function calls ({@code fHvpAdjoint} calls {@code
   * fHvpForward} and {@code fReverseTangent}): its single-direction form, the variables holding
   * tangents there, and the name of its k-direction form.
   */
  public record Partner(Function single, Set<Var> tangents, String name) {}

  private final Map<String, Partner> partners;
  private final String name;
  /** The statements pushing a tangent or dropping a popped one (by identity). */
  private final Set<Stmt> tapeOps;

  private VectorTangents(Function forward, Set<Var> tangents, Set<Stmt> tapeOps,
      Map<String, Partner> partners, String name) {
    this.tangents = tangents;
    this.tapeOps = tapeOps;
    this.partners = partners;
    this.name = name;
    this.names = Names.of(forward);
    this.directions = new Var(names.fresh("directions"), Type.INT, Var.Kind.PARAM);
    this.laneName = names.fresh("d");
  }

  /**
   * The k-direction form of {@code forward} (its tangent variables {@code tangents}), or null.
   *
   * @param packed true if the rule takes its scalar tangents packed into one array
   */
  public static Forward apply(Function forward, Set<Var> tangents, boolean packed,
      Map<Expr.Call, List<Boolean>> calleeCalls) {
    Type returns = forward.returnType();
    boolean plainValue = !returns.isDifferentiable() && returns.shape() == null
        && !returns.isArray() && returns.className() == null; // a helper's int, long, boolean
    if (packed || !returnsDual(forward) && !plainValue) {
      return null;
    }
    for (Var t : tangents) {
      if (!carriable(t.type())) {
        return null;
      }
    }
    try {
      VectorTangents vector = new VectorTangents(forward, tangents, Set.of(), Map.of(),
          RuleNames.forwardDirections(forward.name()));
      vector.calleeCalls = calleeCalls;
      Function function = vector.run(forward);
      return new Forward(function, vector.usedCallees);
    } catch (Unsupported e) {
      if (Boolean.getBoolean("jgrad.debug")) {
        System.err.println("jgrad: no " + forward.name() + "Directions: " + where(e));
      }
      return null;
    }
  }

  /**
   * The k-direction form, named {@code name}, of a part of a second-order rule (its tangent
   * variables {@code tangents}; it returns its value, or nothing): tangents pushed onto the tape
   * one direction after the other and popped in the opposite order; calls to {@code partners}
   * (by their single-direction names) call their k-direction forms. Null if unsupported.
   */
  public static Function applyToPart(TangentSweeps.Result part,
      Map<String, Partner> partners, String name) {
    return applyToPart(part.function(), part.tangents(), part.tangentTapeOps(),
        part.partCalls(), partners, name);
  }

  private static Function applyToPart(Function part, Set<Var> tangents, Set<Stmt> tapeOps,
      Set<Expr.Call> partCalls, Map<String, Partner> partners, String name) {
    if (returnsDual(part) && !part.returnType().equals(Type.VOID)) {
      return null;
    }
    for (Var t : tangents) {
      if (!carriable(t.type())) {
        return null;
      }
    }
    try {
      VectorTangents vector = new VectorTangents(part, tangents, tapeOps, partners, name);
      vector.partCalls = partCalls;
      return vector.run(part);
    } catch (Unsupported e) {
      if (Boolean.getBoolean("jgrad.debug")) {
        System.err.println("jgrad: no " + name + ": " + where(e));
      }
      return null;
    }
  }

  /** A forward rule's k-direction form, and the callees' forward rules whose forms it calls. */
  public record Forward(Function function, Set<String> callees) {}

  /**
   * The calls of tangent parts in second-order code: those of this rule's partners become calls
   * of their k-direction forms, any other (a callee's) means no vector form.
   */
  private Set<Expr.Call> partCalls = Set.of();

  /** The calls of callees' forward rules, with their tangent slots (see ForwardTransform). */
  private Map<Expr.Call, List<Boolean>> calleeCalls = Map.of();
  /** {@code G_Frule#g} for each callee forward rule whose k-direction form this one calls. */
  private final Set<String> usedCallees = new java.util.TreeSet<>();

  /** {@code owner#name}: how {@link Forward#callees} names a forward rule. */
  public static String ruleKey(String owner, String name) {
    return owner + "#" + name;
  }

  /** The name of the k-direction parameter for tangent parameter {@code p}. */
  private String lanesName(Var p) {
    return names.fresh(p.name().endsWith("s") ? p.name() + "ByDirection" : p.name() + "s");
  }

  /** Where in this class an unsupported construct was met (for -Djgrad.debug=true). */
  private static String where(Unsupported e) {
    return java.util.Arrays.stream(e.getStackTrace())
        .filter(f -> f.getClassName().equals(VectorTangents.class.getName())
            && !f.getMethodName().startsWith("require"))
        .limit(2).map(f -> f.getMethodName() + ":" + f.getLineNumber())
        .collect(java.util.stream.Collectors.joining(" < "));
  }

  private static boolean returnsDual(Function forward) {
    Type r = forward.returnType();
    return r.equals(Type.VOID) || r.equals(ForwardTransform.DUAL)
        || r.equals(ForwardTransform.DUAL_ARRAY) || r.equals(ForwardTransform.DUAL_MATRIX);
  }

  /** {@code double} and arrays of them: tangents with a direction index added at the end. */
  private static boolean carriable(Type t) {
    return t.baseType().equals(Type.DOUBLE);
  }

  private Function run(Function forward) {
    List<Var> params = new ArrayList<>();
    Block prologue = new Block();
    for (Var p : forward.params()) {
      if (!tangents.contains(p)) {
        params.add(p);
        continue;
      }
      Var dots = new Var(lanesName(p), p.type().arrayOf(), Var.Kind.PARAM);
      params.add(dots);
      if (p.type().isArray()) {
        vectors.put(p, dots); // updated in place, as the single-direction rule updates xDot
      } else {
        // a copy: the rule may assign the tangent of a parameter
        Var own = vector(p);
        prologue.add(new Stmt.Assign(own, new Expr.Call("java.util.Arrays", "copyOf",
            List.of(ref(dots), ref(directions)), own.type()), Stmt.Origin.NONE));
      }
    }
    params.add(directions);
    Type valueType = forward.returnType();
    if (returnsDual(forward) && !forward.returnType().equals(Type.VOID)) {
      Type buffer = forward.returnType().equals(ForwardTransform.DUAL) ? Type.DOUBLE_ARRAY
          : forward.returnType().equals(ForwardTransform.DUAL_ARRAY) ? Type.DOUBLE_MATRIX
          : Type.DOUBLE_MATRIX.arrayOf();
      resultDots = new Var(names.fresh("resultDots"), buffer, Var.Kind.PARAM);
      params.add(resultDots);
      valueType = resultValueType(forward);
    }
    for (Var local : forward.locals()) {
      if (!tangents.contains(local)) {
        locals.add(local);
      } else if (!local.type().isArray()) {
        prologue.add(new Stmt.Assign(vector(local), new Expr.NewArray(Type.DOUBLE_ARRAY,
            List.of(ref(directions))), Stmt.Origin.NONE));
      } else {
        vector(local);
      }
    }
    Block body = LaneLocals.apply(block(forward.body()), prologue, laneLoops,
        v -> !v.isParam() && v.type().equals(Type.DOUBLE_ARRAY) && vectors.containsValue(v)
            && v != resultDots, locals);
    dropUnusedLanes(prologue, body, locals);
    return new Function(name, params, valueType, prologue.addAll(body), locals);
  }

  /**
   * Drops the lane arrays the prologue allocates for tangents nothing reads or writes (a part
   * of a second-order rule whose tangents are all computed elsewhere allocates none).
   */
  private static void dropUnusedLanes(Block prologue, Block body, List<Var> locals) {
    Set<Var> used = new HashSet<>();
    Set<Stmt> allocations = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    prologue.stmts().stream().filter(s -> s instanceof Stmt.Assign a
        && a.value() instanceof Expr.NewArray).forEach(allocations::add);
    Block all = new Block().addAll(prologue).addAll(body);
    Blocks.visitStmts(all, s -> {
      boolean allocation = allocations.contains(s);
      if (!allocation) {
        used.addAll(varsOf(s));
      }
    });
    List<Stmt> kept = new ArrayList<>();
    for (Stmt s : prologue.stmts()) {
      if (allocations.contains(s) && !used.contains(((Stmt.Assign) s).target())) {
        locals.remove(((Stmt.Assign) s).target());
      } else {
        kept.add(s);
      }
    }
    prologue.stmts().clear();
    prologue.stmts().addAll(kept);
  }

  /** The variables statement {@code s} itself (not its nested blocks) reads or assigns. */
  private static Set<Var> varsOf(Stmt s) {
    Set<Var> out = new HashSet<>();
    if (s instanceof Stmt.Assign a) {
      out.add(a.target());
    } else if (s instanceof Stmt.Protected p && p.thrown() != null) {
      out.add(p.thrown());
    }
    Blocks.ownExprs(s).forEach(e -> out.addAll(Exprs.vars(e)));
    return out;
  }

  private static Type resultValueType(Function forward) {
    List<Stmt> body = forward.body().stmts();
    if (body.isEmpty() || !(body.get(body.size() - 1) instanceof Stmt.Return r)
        || !(r.value() instanceof Expr.New dual) || dual.operands().size() != 2) {
      throw new Unsupported();
    }
    return dual.operands().get(0).type();
  }

  /** The k-direction variable standing for tangent {@code t} (a local unless t is a parameter). */
  private Var vector(Var t) {
    return vectors.computeIfAbsent(t, k -> {
      Var v = new Var(k.name(), k.type().arrayOf(), Var.Kind.TEMP);
      locals.add(v);
      return v;
    });
  }

  /**
   * Tangent statements waiting to be emitted as one loop over the directions: consecutive ones
   * share a loop, and primal statements that neither write what they read nor jump move ahead
   * of them (each direction still computes what the single-direction rule computes).
   */
  private static final class Segment {
    final Var lane;
    final Block body = new Block();
    final Set<Var> reads = new java.util.HashSet<>();
    /** True once a waiting statement reads an element of data (an index: {@code idx[i]}). */
    boolean readsElements;

    Segment(Var lane) {
      this.lane = lane;
    }
  }

  private Segment segment;

  private Block block(Block in) {
    Segment outer = segment;
    segment = null;
    Block out = new Block();
    List<Stmt> stmts = in.stmts();
    for (int i = 0; i < stmts.size(); i++) {
      Stmt s = stmts.get(i);
      // a loop's start stays next to it, where it reads as a for loop
      boolean startsLoop = i + 1 < stmts.size() && stmts.get(i + 1) instanceof Stmt.Loop;
      if (segment != null && (startsLoop || !movesAhead(s) && !perDirection(s))) {
        flush(out);
      }
      if (s instanceof Stmt.Assign a && a.value() instanceof Expr.Call c
          && calleeCalls.containsKey(c) && a.target().type().equals(ForwardTransform.DUAL)) {
        i += calleeDual(a, c, stmts.subList(i + 1, stmts.size()), out);
        continue;
      }
      statement(s, out);
    }
    flush(out);
    segment = outer;
    return out;
  }

  /** True if primal statement {@code s} may run before the waiting tangent statements. */
  private boolean movesAhead(Stmt s) {
    if (s instanceof Stmt.Assign a && a.value() instanceof Expr.Binary b
        && b.left() instanceof Expr.Ref r && r.var() == a.target() && b.right() instanceof Expr.Lit
        && a.target().type().isIntegral()) {
      return false; // a loop's step stays last, where it reads as a for loop
    }
    if (s instanceof Stmt.Assign a) {
      return !tangents.contains(a.target()) && !segment.reads.contains(a.target())
          && !(a.value() instanceof Expr.Call c
              && !io.jgrad.processor.rules.MathRules.OWNERS.contains(c.owner()))
          && !(a.value() instanceof Expr.Invoke);
    }
    // an element store may write, through another variable, what a waiting index reads
    if (s instanceof Stmt.Store st) {
      Var root = Exprs.root(st.array());
      return root != null && !tangents.contains(root) && !segment.reads.contains(root)
          && !segment.readsElements;
    }
    if (s instanceof Stmt.Accumulate acc) {
      Var root = Exprs.root(acc.target());
      return root != null && !tangents.contains(root) && !segment.reads.contains(root)
          && (acc.target() instanceof Expr.Ref || !segment.readsElements)
          && !(acc.value() instanceof Expr.Call c
              && !io.jgrad.processor.rules.MathRules.OWNERS.contains(c.owner()))
          && !(acc.value() instanceof Expr.Invoke);
    }
    return s instanceof Stmt.Comment;
  }

  /**
   * True for a statement that becomes one statement in a loop over the directions: a number's
   * tangent assigned or added to, the result's tangents stored.
   */
  private boolean perDirection(Stmt s) {
    if (popsTangent(s)) {
      return false; // a loop of its own: pops keep their order
    }
    if (s instanceof Stmt.Assign a) {
      return tangents.contains(a.target()) && !a.target().type().isArray();
    }
    if (s instanceof Stmt.Store st) {
      return isTangent(st.array()) && !st.array().type().elementType().isArray();
    }
    if (s instanceof Stmt.Accumulate acc) {
      return isTangent(acc.target());
    }
    return s instanceof Stmt.Return r && r.value() instanceof Expr.New && resultDots != null;
  }

  /**
   * The size, in IR nodes (an element access counting 3), above which the statements of one
   * loop over the directions are split over several loops. C2 unrolls, and so vectorizes, only a
   * loop whose body is small (LoopUnrollLimit, 60 of its nodes): with one fused loop per segment
   * the Hessian row's fHessian took 40 us, split 20 us (JMH, RosenbrockHessianBenchmark). The
   * lanes are independent, so each direction still runs its statements in their order.
   */
  static final int LANE_LOOP_BUDGET = Integer.getInteger("jgrad.laneLoopBudget", 128);

  /** The waiting tangent statements as loops over the directions, each small enough. */
  private void flush(Block out) {
    if (segment == null) {
      return;
    }
    List<Block> parts = new ArrayList<>();
    Block part = new Block();
    int size = 0;
    for (Stmt s : segment.body.stmts()) {
      int cost = cost(s);
      if (!part.isEmpty() && size + cost > LANE_LOOP_BUDGET) {
        parts.add(part);
        part = new Block();
        size = 0;
      }
      part.add(s);
      size += cost;
    }
    parts.add(part);
    for (int k = 0; k < parts.size(); k++) {
      Var lane = segment.lane;
      Block body = parts.get(k);
      if (k > 0) {
        // a counter of its own, read where the statements read the segment's
        Var own = new Var(laneName, Type.INT, Var.Kind.TEMP);
        locals.add(own);
        body = renameLane(body, lane, own);
        lane = own;
      }
      body.add(new Stmt.Assign(lane, new Expr.Binary("+", ref(lane), Expr.Lit.ofInt(1),
          Type.INT), Stmt.Origin.NONE));
      out.add(new Stmt.Assign(lane, Expr.Lit.ofInt(0), Stmt.Origin.NONE));
      Stmt.Loop loop = new Stmt.Loop(null, new Expr.Binary("<", ref(lane), ref(directions),
          Type.BOOLEAN), body, new Block(), true, Stmt.Origin.NONE);
      laneLoops.put(loop, lane);
      out.add(loop);
    }
    segment = null;
  }

  /**
   * {@link #LANE_LOOP_BUDGET}'s estimate of what a statement of a loop over the directions
   * costs C2: an element access 3 (address, bounds, load), an operation 1, a store 3 more and a
   * read-modify-write 4; variables and literals nothing (registers, constants).
   */
  static int cost(Stmt s) {
    if (s instanceof Stmt.Comment) {
      return 0;
    }
    int[] n = {s instanceof Stmt.Accumulate ? 4 : s instanceof Stmt.Assign ? 0 : 3};
    Blocks.visitExprs(new Block().add(s), e -> n[0] += e instanceof Expr.Index ? 3
        : e instanceof Expr.Ref || e instanceof Expr.Lit ? 0 : 1);
    return n[0];
  }

  /** {@code body} reading lane counter {@code to} where it reads {@code from}. */
  private static Block renameLane(Block body, Var from, Var to) {
    java.util.function.UnaryOperator<Expr>[] rename = new java.util.function.UnaryOperator[1];
    rename[0] = e -> e instanceof Expr.Ref r && r.var() == from ? ref(to)
        : Exprs.mapChildren(e, rename[0]);
    Block out = new Block();
    for (Stmt s : body.stmts()) {
      if (s instanceof Stmt.Store st) {
        out.add(new Stmt.Store(rename[0].apply(st.array()), rename[0].apply(st.index()),
            rename[0].apply(st.value()), st.origin()));
      } else if (s instanceof Stmt.Accumulate a) {
        out.add(new Stmt.Accumulate(rename[0].apply(a.target()), rename[0].apply(a.value()),
            a.origin()));
      } else if (s instanceof Stmt.Assign a && a.target() != from) {
        out.add(new Stmt.Assign(a.target(), rename[0].apply(a.value()), a.origin()));
      } else if (s instanceof Stmt.Comment) {
        out.add(s);
      } else {
        throw new IllegalStateException("unexpected statement in a loop over directions: " + s);
      }
    }
    return out;
  }

  /** The loops {@link #flush} made, with their counters (for {@link LaneLocals}). */
  private final Map<Stmt.Loop, Var> laneLoops = new java.util.IdentityHashMap<>();

  private void statement(Stmt s, Block out) {
    if (popsTangent(s)) {
      popPerDirection(s, out);
    } else if (s instanceof Stmt.Assign a && tangents.contains(a.target())) {
      if (a.target().type().isArray()) {
        out.add(new Stmt.Assign(vector(a.target()), arrayValue(a.value()), a.origin()));
      } else {
        perDirection(ref(vector(a.target())), a.value(), false, a.origin(), out);
      }
    } else if (s instanceof Stmt.Store st && isTangent(st.array())) {
      if (st.array().type().elementType().isArray()) {
        out.add(new Stmt.Store(vectorArray(st.array()), st.index(), arrayValue(st.value()),
            st.origin()));
      } else {
        perDirection(new Expr.Index(vectorArray(st.array()), st.index(), Type.DOUBLE_ARRAY),
            st.value(), false, st.origin(), out);
      }
    } else if (s instanceof Stmt.Accumulate acc && isTangent(acc.target())) {
      Expr lanes = acc.target() instanceof Expr.Ref r ? ref(vector(r.var()))
          : elementLanes((Expr.Index) acc.target());
      perDirection(lanes, acc.value(), true, acc.origin(), out);
    } else if (s instanceof Stmt.Return r && r.value() instanceof Expr.New dual
        && resultDots != null && dual.operands().size() == 2) {
      result(dual.operands().get(1), r.origin(), out);
      flush(out);
      out.add(new Stmt.Return(dual.operands().get(0), r.origin()));
    } else if (s instanceof Stmt.If || s instanceof Stmt.Loop) {
      if (s instanceof Stmt.If i) {
        requireNoTangent(i.condition());
      } else if (((Stmt.Loop) s).condition() != null) {
        requireNoTangent(((Stmt.Loop) s).condition());
      }
      out.add(Blocks.withBlocks(s, this::block));
    } else if (s instanceof Stmt.Protected p) {
      out.add(new Stmt.Protected(block(p.body()), block(p.onThrow()), p.thrown(), p.origin()));
    } else if (s instanceof Stmt.Eval e && tapeOps.contains(e)) {
      tangentTapeOp(e, out);
    } else if (s instanceof Stmt.Eval e && e.expr() instanceof Expr.Call c
        && c.owner().equals("io.jgrad.tape.Snapshots")
        && List.of("restore", "addTo", "clear").contains(c.name()) && mentionsTangent(c)) {
      // element by element on tangent arrays: the same on their directions, one index deeper
      List<Expr> args = new ArrayList<>();
      for (Expr arg : c.args()) {
        if (!isTangent(arg) || arg.type().dimensions() > 2) {
          throw new Unsupported();
        }
        args.add(vectorArray(arg));
      }
      out.add(new Stmt.Eval(c.withArgs(args), e.origin()));
    } else if (s instanceof Stmt.Eval e && e.expr() instanceof Expr.Call c
        && calleeCalls.containsKey(c)) {
      out.add(new Stmt.Eval(calleeCall(c, List.of()), e.origin())); // a void callee
    } else if (s instanceof Stmt.Assign a && a.value() instanceof Expr.Call c
        && calleeCalls.containsKey(c) && !tangents.contains(a.target())) {
      out.add(new Stmt.Assign(a.target(), calleeCall(c, List.of()), a.origin())); // an int
    } else if (s instanceof Stmt.Eval e && partnerCall(e.expr()) != null) {
      out.add(new Stmt.Eval(partnerCall(e.expr()), e.origin()));
    } else if (s instanceof Stmt.Assign a && partnerCall(a.value()) != null) {
      out.add(new Stmt.Assign(a.target(), partnerCall(a.value()), a.origin()));
    } else if (callsPart(s)) {
      throw new Unsupported(); // a callee's tangent part (its tangents may be literal zeros)
    } else {
      // a primal statement: reads no tangent
      if (Boolean.getBoolean("jgrad.debug") && mentionsTangentAnywhere(s)) {
        System.err.println("jgrad: vector statement " + s);
      }
      Blocks.visitExprs(new Block().add(s), this::requireNoTangentHere);
      out.add(s);
    }
  }

  /**
   * {@code for (int d = 0; d < directions; d++) lanes[d] = value(d)} (or {@code +=}), the parts of
   * {@code value} that read no tangent computed once before the loop.
   */
  private void perDirection(Expr lanes, Expr value, boolean accumulate, Stmt.Origin origin,
      Block out) {
    if (!mentionsTangent(value) && !Exprs.vars(value).isEmpty()) {
      throw new Unsupported(); // a tangent from something that is not one (a callee's Dual)
    }
    if (!accumulate && lanes instanceof Expr.Ref r && value instanceof Expr.Binary b
        && (b.op().equals("+") || b.op().equals("-")) && b.left() instanceof Expr.Ref left
        && vectors.get(left.var()) == r.var()) {
      // sDot = sDot + t5Dot: sDot[d] += t5Dot[d], the same operation
      accumulate = true;
      value = b.op().equals("+") ? b.right() : new Expr.Unary("-", b.right(), b.type());
    }
    Expr hoisted = hoist(value, out);
    if (segment == null) {
      Var lane = new Var(laneName, Type.INT, Var.Kind.TEMP);
      locals.add(lane);
      segment = new Segment(lane);
    }
    Var lane = segment.lane;
    Expr at = new Expr.Index(lanes, ref(lane), Type.DOUBLE);
    Expr laneValue = lane(hoisted, lane);
    Stmt body = accumulate ? new Stmt.Accumulate(at, laneValue, origin)
        : new Stmt.Store(lanes, ref(lane), laneValue, origin);
    segment.body.add(body);
    Blocks.visitExprs(new Block().add(body), e -> {
      if (e instanceof Expr.Ref r) {
        segment.reads.add(r.var());
      }
      if (e instanceof Expr.Index i && !vectors.containsValue(Exprs.root(i))) {
        segment.readsElements = true; // not a tangent's directions: data
      }
    });
  }

  /** True for a tangent taken from the tape: {@code tDot = tapes.popDouble()} and the like. */
  private boolean popsTangent(Stmt s) {
    if (s instanceof Stmt.Assign a) {
      return tangents.contains(a.target()) && !a.target().type().isArray() && isPop(a.value());
    }
    if (s instanceof Stmt.Store st) {
      return isTangent(st.array()) && isPop(st.value());
    }
    return s instanceof Stmt.Accumulate acc && isTangent(acc.target()) && isPop(acc.value());
  }

  /**
   * A tangent popped from the tape, one direction at a time from the last: the push put them
   * there from the first.
   */
  private void popPerDirection(Stmt s, Block out) {
    if (s instanceof Stmt.Assign a) {
      Expr lanes = ref(vector(a.target()));
      ownLoop(out, true, lane -> new Stmt.Store(lanes, ref(lane), a.value(), a.origin()));
    } else if (s instanceof Stmt.Store st) {
      Expr lanes = new Expr.Index(vectorArray(st.array()), st.index(), Type.DOUBLE_ARRAY);
      ownLoop(out, true, lane -> new Stmt.Store(lanes, ref(lane), st.value(), st.origin()));
    } else {
      Stmt.Accumulate acc = (Stmt.Accumulate) s;
      Expr lanes = acc.target() instanceof Expr.Ref r ? ref(vector(r.var()))
          : elementLanes((Expr.Index) acc.target());
      ownLoop(out, true, lane -> new Stmt.Accumulate(new Expr.Index(lanes, ref(lane),
          Type.DOUBLE), acc.value(), acc.origin()));
    }
  }

  /** One statement per direction in a loop of its own (first to last, or last to first). */
  private void ownLoop(Block out, boolean lastFirst,
      java.util.function.Function<Var, Stmt> statement) {
    flush(out);
    Var lane = new Var(laneName, Type.INT, Var.Kind.TEMP);
    locals.add(lane);
    Expr start = lastFirst ? new Expr.Binary("-", ref(directions), Expr.Lit.ofInt(1), Type.INT)
        : Expr.Lit.ofInt(0);
    Expr condition = lastFirst ? new Expr.Binary(">=", ref(lane), Expr.Lit.ofInt(0),
        Type.BOOLEAN) : new Expr.Binary("<", ref(lane), ref(directions), Type.BOOLEAN);
    Stmt step = new Stmt.Assign(lane, new Expr.Binary(lastFirst ? "-" : "+", ref(lane),
        Expr.Lit.ofInt(1), Type.INT), Stmt.Origin.NONE);
    out.add(new Stmt.Assign(lane, start, Stmt.Origin.NONE));
    out.add(new Stmt.Loop(null, condition, new Block().add(statement.apply(lane)).add(step),
        new Block(), true, Stmt.Origin.NONE));
  }

  private static boolean isPop(Expr e) {
    return e instanceof Expr.Invoke i && i.name().equals("popDouble")
        && i.target().type().equals(TapeCode.TAPES);
  }

  /**
   * A tangent pushed onto the tape, or popped and dropped: a number's once per direction (pushed
   * from the first, popped from the last), an array's tangents by reference.
   */
  private void tangentTapeOp(Stmt.Eval e, Block out) {
    Expr.Invoke op = (Expr.Invoke) e.expr();
    switch (op.name()) {
      case "pushDouble" -> {
        Expr hoisted = hoist(op.args().get(0), out);
        ownLoop(out, false, lane -> new Stmt.Eval(new Expr.Invoke(op.target(), op.name(),
            List.of(lane(hoisted, lane)), op.type()), e.origin()));
      }
      case "pushRef" -> out.add(new Stmt.Eval(new Expr.Invoke(op.target(), op.name(),
          List.of(arrayValue(op.args().get(0))), op.type()), e.origin()));
      case "popDouble" -> ownLoop(out, true, lane -> new Stmt.Eval(op, e.origin()));
      default -> out.add(e); // popRef: one reference
    }
  }

  /**
   * {@code dual = G_Frule.g(...); v = dual.value(); vDot = dual.tangent();} (the tangent's
   * assignment only where v is active) as {@code v = G_Frule.gDirections(..., directions, vDot)}:
   * the callee stores v's tangents into vDot's directions. Returns how many of the statements
   * after the call it took too.
   */
  private int calleeDual(Stmt.Assign a, Expr.Call call, List<Stmt> after, Block out) {
    Var dual = a.target();
    if (after.isEmpty() || !(after.get(0) instanceof Stmt.Assign value)
        || !readsOnly(value.value(), dual, "value")) {
      throw new Unsupported();
    }
    Stmt.Assign tangent = after.size() > 1 && after.get(1) instanceof Stmt.Assign t
        && readsOnly(t.value(), dual, "tangent") ? t : null;
    flush(out);
    Expr lanes;
    if (tangent != null && tangents.contains(tangent.target())
        && !tangent.target().type().isArray()) {
      lanes = ref(vector(tangent.target()));
    } else if (tangent == null) {
      lanes = new Expr.NewArray(Type.DOUBLE_ARRAY, List.of(ref(directions))); // unread
    } else {
      throw new Unsupported();
    }
    Expr result = calleeCall(call, List.of(lanes));
    Expr read = value.value() instanceof Expr.Cast c ? new Expr.Cast(c.type(), result) : result;
    out.add(new Stmt.Assign(value.target(), read, a.origin()));
    return tangent == null ? 1 : 2;
  }

  /** True if {@code e} is {@code dual.name()}, possibly cast. */
  private static boolean readsOnly(Expr e, Var dual, String name) {
    Expr inner = e instanceof Expr.Cast c ? c.operand() : e;
    return inner instanceof Expr.Invoke i && i.name().equals(name)
        && i.target() instanceof Expr.Ref r && r.var() == dual;
  }

  /**
   * A call of a callee's forward rule as a call of its k-direction form: each tangent argument
   * as its directions (a zero tangent as zeros), then the number of directions and {@code
   * extra}.
   */
  private Expr calleeCall(Expr.Call c, List<Expr> extra) {
    List<Boolean> slots = calleeCalls.get(c);
    if (slots == null || slots.size() != c.args().size()) {
      throw new Unsupported(); // packed scalar tangents
    }
    List<Expr> args = new ArrayList<>();
    for (int k = 0; k < slots.size(); k++) {
      Expr arg = c.args().get(k);
      if (!slots.get(k)) {
        requireNoTangent(arg);
        args.add(arg);
      } else if (arg.type().isArray()) {
        args.add(arrayValue(arg));
      } else if (arg instanceof Expr.Ref r && tangents.contains(r.var())) {
        args.add(ref(vector(r.var())));
      } else if (arg instanceof Expr.Index i && isTangent(i)) {
        args.add(elementLanes(i)); // the callee copies what it is given
      } else if (arg instanceof Expr.Lit) {
        args.add(new Expr.NewArray(Type.DOUBLE_ARRAY, List.of(ref(directions)))); // zeros
      } else {
        throw new Unsupported();
      }
    }
    args.add(ref(directions));
    args.addAll(extra);
    usedCallees.add(ruleKey(c.owner(), c.name()));
    Type returns = c.type().equals(ForwardTransform.DUAL) ? Type.DOUBLE : c.type();
    return new Expr.Call(c.owner(), RuleNames.forwardDirections(c.name()), args, returns);
  }

  /**
   * A call of a partner part as a call of its k-direction form: each argument in a tangent slot
   * as its directions (a zero tangent as zeros), then the number of directions; null if
   * {@code e} calls no partner.
   */
  private Expr partnerCall(Expr e) {
    if (!(e instanceof Expr.Call c) || !c.owner().equals(ReverseTransform.SELF)
        || !partners.containsKey(c.name())) {
      return null;
    }
    Partner partner = partners.get(c.name());
    List<Var> slots = partner.single().params();
    if (slots.size() != c.args().size()) {
      throw new Unsupported();
    }
    List<Expr> args = new ArrayList<>();
    for (int k = 0; k < slots.size(); k++) {
      Expr arg = c.args().get(k);
      if (!partner.tangents().contains(slots.get(k))) {
        requireNoTangent(arg);
        args.add(arg);
      } else if (isTangent(arg)) {
        args.add(arg.type().isArray() ? vectorArray(arg) : ref(vector(((Expr.Ref) arg).var())));
      } else if (arg instanceof Expr.Lit && !arg.type().isArray()) {
        args.add(new Expr.NewArray(Type.DOUBLE_ARRAY, List.of(ref(directions)))); // zeros
      } else {
        throw new Unsupported();
      }
    }
    args.add(ref(directions));
    return new Expr.Call(c.owner(), partner.name(), args, c.type());
  }

  /** The result's tangents into the caller's buffer. */
  private void result(Expr tangent, Stmt.Origin origin, Block out) {
    if (!tangent.type().isArray()) {
      perDirection(ref(resultDots), tangent, false, origin, out);
      return;
    }
    out.add(new Stmt.Eval(new Expr.Call(DIRECTIONS, "copyInto", List.of(arrayValue(tangent),
        ref(resultDots), ref(directions)), Type.VOID), origin));
  }

  /**
   * {@code value} with each subexpression that reads no tangent and is more than a variable or a
   * literal computed into a temporary first (partial derivatives, once for all directions). The
   * branches of a conditional stay where they are: only one of them runs.
   */
  private Expr hoist(Expr e, Block out) {
    if (!mentionsTangent(e)) {
      if (e instanceof Expr.Lit || e instanceof Expr.Ref) {
        return e;
      }
      Var t = new Var(names.fresh("partial"), e.type(), Var.Kind.TEMP);
      locals.add(t);
      out.add(new Stmt.Assign(t, e, Stmt.Origin.NONE));
      return ref(t);
    }
    if (isScalarTangent(e)) {
      return e;
    }
    if (e instanceof Expr.Conditional c) {
      return new Expr.Conditional(hoist(c.condition(), out), c.whenTrue(), c.whenFalse(),
          c.type());
    }
    if (e instanceof Expr.Binary b && (b.op().equals("&&") || b.op().equals("||"))) {
      return e;
    }
    return Exprs.mapChildren(e, x -> hoist(x, out));
  }

  /** {@code e} along direction {@code lane}: each scalar tangent read at {@code [lane]}. */
  private Expr lane(Expr e, Var lane) {
    if (!mentionsTangent(e)) {
      return e;
    }
    if (e instanceof Expr.Ref r && tangents.contains(r.var()) && !r.type().isArray()) {
      return new Expr.Index(ref(vector(r.var())), ref(lane), Type.DOUBLE);
    }
    if (e instanceof Expr.Index i && isTangent(i) && !i.type().isArray()) {
      return new Expr.Index(elementLanes(i), ref(lane), Type.DOUBLE);
    }
    if (e instanceof Expr.Ref || e instanceof Expr.Index || e instanceof Expr.Field
        || e instanceof Expr.Length) {
      throw new Unsupported();
    }
    return Exprs.mapChildren(e, x -> lane(x, lane));
  }

  /** {@code xDot[i]} (a number) as {@code xDots[i]}, the row of its directions. */
  private Expr elementLanes(Expr.Index element) {
    return new Expr.Index(vectorArray(element.array()), element.index(), Type.DOUBLE_ARRAY);
  }

  /** A tangent array expression ({@code xDot}, {@code mDot[i]}) as its k-direction form. */
  private Expr vectorArray(Expr e) {
    if (e instanceof Expr.Ref r && tangents.contains(r.var())) {
      return ref(vector(r.var()));
    }
    if (e instanceof Expr.Index i) {
      requireNoTangent(i.index());
      return new Expr.Index(vectorArray(i.array()), i.index(), i.type().arrayOf());
    }
    throw new Unsupported();
  }

  /** What a tangent array is assigned: another tangent array, a new one, zeros or null. */
  private Expr arrayValue(Expr e) {
    if (isTangent(e)) {
      return vectorArray(e);
    }
    if (e instanceof Expr.Lit) {
      return e; // null
    }
    if (e instanceof Expr.NewArray n) {
      requireNoTangent(n);
      List<Expr> dims = new ArrayList<>(n.dimensions());
      if (dims.size() == n.type().dimensions()) {
        dims.add(ref(directions));
      }
      return new Expr.NewArray(n.type().arrayOf(), dims);
    }
    if (e instanceof Expr.Call c && c.owner().equals("io.jgrad.tape.Snapshots")
        && c.name().equals("zerosLike") && c.args().size() == 1) {
      requireNoTangent(c.args().get(0));
      return new Expr.Call(DIRECTIONS, "zerosLike", List.of(c.args().get(0), ref(directions)),
          c.type().arrayOf());
    }
    if (e instanceof Expr.Call c && c.owner().equals("io.jgrad.tape.Snapshots")
        && c.name().equals("copy") && c.args().size() == 1 && isTangent(c.args().get(0))
        && c.type().dimensions() <= 2) {
      // a copy's tangent (clone(), copyOf): a deep copy, which copies every direction
      return new Expr.Call(c.owner(), c.name(), List.of(vectorArray(c.args().get(0))),
          c.type().arrayOf());
    }
    if (e instanceof Expr.Conditional c) {
      requireNoTangent(c.condition());
      return new Expr.Conditional(c.condition(), arrayValue(c.whenTrue()),
          arrayValue(c.whenFalse()), c.type().arrayOf());
    }
    if (e instanceof Expr.Cast c && c.operand() instanceof Expr.Invoke pop
        && pop.name().equals("popRef") && pop.target().type().equals(TapeCode.TAPES)) {
      return new Expr.Cast(c.type().arrayOf(), pop); // a tangent array pushed by reference
    }
    if (Boolean.getBoolean("jgrad.debug")) {
      System.err.println("jgrad: vector tangent of " + e);
    }
    throw new Unsupported();
  }

  private boolean isTangent(Expr e) {
    Var root = e instanceof Expr.Ref || e instanceof Expr.Index ? Exprs.root(e) : null;
    return root != null && tangents.contains(root);
  }

  private boolean isScalarTangent(Expr e) {
    return !e.type().isArray() && (e instanceof Expr.Ref || e instanceof Expr.Index)
        && isTangent(e);
  }

  private boolean mentionsTangent(Expr e) {
    for (Var v : Exprs.vars(e)) {
      if (tangents.contains(v)) {
        return true;
      }
    }
    return false;
  }

  private void requireNoTangent(Expr e) {
    if (mentionsTangent(e)) {
      throw new Unsupported();
    }
  }

  private boolean callsPart(Stmt s) {
    boolean[] found = {false};
    Blocks.visitExprs(new Block().add(s), e -> found[0] |= e instanceof Expr.Call c
        && partCalls.contains(c));
    return found[0];
  }

  private boolean mentionsTangentAnywhere(Stmt s) {
    boolean[] found = {false};
    Blocks.visitExprs(new Block().add(s), e -> found[0] |= e instanceof Expr.Ref r
        && tangents.contains(r.var()));
    return found[0];
  }

  private void requireNoTangentHere(Expr e) {
    if (e instanceof Expr.Ref r && tangents.contains(r.var())) {
      throw new Unsupported();
    }
  }
}
