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
      super(null, null, false, false);
    }
  }

  private VectorTangents(Function forward, Set<Var> tangents) {
    this.tangents = tangents;
    this.names = Names.of(forward);
    this.directions = new Var(names.fresh("directions"), Type.INT, Var.Kind.PARAM);
    this.laneName = names.fresh("d");
  }

  /**
   * The k-direction form of {@code forward} (its tangent variables {@code tangents}), or null.
   *
   * @param packed true if the rule takes its scalar tangents packed into one array
   */
  public static Function apply(Function forward, Set<Var> tangents, boolean packed) {
    if (packed || !returnsDual(forward)) {
      return null;
    }
    for (Var t : tangents) {
      if (!carriable(t.type())) {
        return null;
      }
    }
    try {
      return new VectorTangents(forward, tangents).run(forward);
    } catch (Unsupported e) {
      return null;
    }
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
      Var dots = new Var(names.fresh(p.name() + "s"), p.type().arrayOf(), Var.Kind.PARAM);
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
    Type valueType = Type.VOID;
    if (!forward.returnType().equals(Type.VOID)) {
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
    Block body = prologue.addAll(block(forward.body()));
    return new Function(RuleNames.forwardDirections(forward.name()), params, valueType, body,
        locals);
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
      statement(s, out);
    }
    flush(out);
    segment = outer;
    return out;
  }

  /** True if primal statement {@code s} may run before the waiting tangent statements. */
  private boolean movesAhead(Stmt s) {
    if (s instanceof Stmt.Assign a) {
      return !tangents.contains(a.target()) && !segment.reads.contains(a.target())
          && !(a.value() instanceof Expr.Call c
              && !io.jgrad.processor.rules.MathRules.OWNERS.contains(c.owner()))
          && !(a.value() instanceof Expr.Invoke);
    }
    if (s instanceof Stmt.Store st) {
      Var root = Exprs.root(st.array());
      return root != null && !tangents.contains(root) && !segment.reads.contains(root);
    }
    return s instanceof Stmt.Comment;
  }

  /**
   * True for a statement that becomes one statement in a loop over the directions: a number's
   * tangent assigned or added to, the result's tangents stored.
   */
  private boolean perDirection(Stmt s) {
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

  /** The waiting tangent statements as one loop over the directions. */
  private void flush(Block out) {
    if (segment == null) {
      return;
    }
    Var lane = segment.lane;
    segment.body.add(new Stmt.Assign(lane, new Expr.Binary("+", ref(lane), Expr.Lit.ofInt(1),
        Type.INT), Stmt.Origin.NONE));
    out.add(new Stmt.Assign(lane, Expr.Lit.ofInt(0), Stmt.Origin.NONE));
    out.add(new Stmt.Loop(null, new Expr.Binary("<", ref(lane), ref(directions), Type.BOOLEAN),
        segment.body, new Block(), true, Stmt.Origin.NONE));
    segment = null;
  }

  private void statement(Stmt s, Block out) {
    if (s instanceof Stmt.Assign a && tangents.contains(a.target())) {
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
    } else if (s instanceof Stmt.Protected) {
      throw new Unsupported();
    } else {
      // a primal statement: reads no tangent
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
    });
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
    if (e instanceof Expr.Conditional c) {
      requireNoTangent(c.condition());
      return new Expr.Conditional(c.condition(), arrayValue(c.whenTrue()),
          arrayValue(c.whenFalse()), c.type().arrayOf());
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

  private void requireNoTangentHere(Expr e) {
    if (e instanceof Expr.Ref r && tangents.contains(r.var())) {
      throw new Unsupported();
    }
  }
}
