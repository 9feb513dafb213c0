package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link VectorTangents} on hand-built forward rules: what may move ahead of a loop. */
class VectorTangentsTest {
  private static final Stmt.Origin NONE = Stmt.Origin.NONE;

  /**
   * {@code vDot = 2 * xDot[idx[0]]; alias[0] = 1;} with {@code alias == idx}: the loop over the
   * directions reads {@code idx[0]}, so the store through {@code alias} must stay after it.
   */
  @Test
  void anElementStoreStaysAfterTheLoopThatReadsData() {
    Var x = new Var("x", Type.DOUBLE_ARRAY, Var.Kind.PARAM);
    Var xDot = new Var("xDot", Type.DOUBLE_ARRAY, Var.Kind.PARAM);
    Var idx = new Var("idx", Type.INT.arrayOf(), Var.Kind.PARAM);
    Var alias = new Var("alias", Type.INT.arrayOf(), Var.Kind.LOCAL);
    Var v = new Var("v", Type.DOUBLE, Var.Kind.LOCAL);
    Var vDot = new Var("vDot", Type.DOUBLE, Var.Kind.TEMP);
    Expr idx0 = new Expr.Index(ref(idx), Expr.Lit.ofInt(0), Type.INT);
    Block body = new Block()
        .add(new Stmt.Assign(alias, ref(idx), NONE))
        .add(new Stmt.Assign(v, new Expr.Binary("*", Expr.Lit.of(2.0),
            new Expr.Index(ref(x), idx0, Type.DOUBLE), Type.DOUBLE), NONE))
        .add(new Stmt.Assign(vDot, new Expr.Binary("*", Expr.Lit.of(2.0),
            new Expr.Index(ref(xDot), idx0, Type.DOUBLE), Type.DOUBLE), NONE))
        .add(new Stmt.Store(ref(alias), Expr.Lit.ofInt(0), Expr.Lit.ofInt(1), NONE))
        .add(new Stmt.Return(new Expr.New(ForwardTransform.DUAL, List.of(ref(v), ref(vDot))),
            NONE));
    Function forward = new Function("f", List.of(x, xDot, idx), ForwardTransform.DUAL, body,
        List.of(alias, v, vDot));
    VectorTangents.Forward vector = VectorTangents.apply(forward, Set.of(xDot, vDot), false,
        Map.of());
    assertNotNull(vector);
    int loop = -1;
    int store = -1;
    List<Stmt> stmts = vector.function().body().stmts();
    for (int i = 0; i < stmts.size(); i++) {
      if (stmts.get(i) instanceof Stmt.Loop && loop < 0) {
        loop = i;
      }
      if (stmts.get(i) instanceof Stmt.Store st && st.array() instanceof Expr.Ref r
          && r.var() == alias) {
        store = i;
      }
    }
    assertTrue(loop >= 0 && store > loop, "the store through alias at " + store
        + " must follow the loop over the directions at " + loop + ": " + stmts);
  }

  /**
   * A chain of 40 tangent statements would be one loop over the directions, too large for C2 to
   * unroll and vectorize: it is split into loops within {@link VectorTangents#LANE_LOOP_BUDGET},
   * in order; a tangent nothing reads ({@code unusedDot}) gets no lane array.
   */
  @Test
  void aLongSegmentIsSplitIntoLoopsWithinTheBudget() {
    Var x = new Var("x", Type.DOUBLE_ARRAY, Var.Kind.PARAM);
    Var xDot = new Var("xDot", Type.DOUBLE_ARRAY, Var.Kind.PARAM);
    Var unusedDot = new Var("unusedDot", Type.DOUBLE, Var.Kind.TEMP);
    Block body = new Block();
    List<Var> locals = new java.util.ArrayList<>(List.of(unusedDot));
    java.util.Set<Var> tangents = new java.util.HashSet<>(Set.of(xDot, unusedDot));
    Var previous = null;
    Var previousDot = null;
    for (int k = 0; k < 40; k++) {
      Var v = new Var("v" + k, Type.DOUBLE, Var.Kind.LOCAL);
      Var vDot = new Var("v" + k + "Dot", Type.DOUBLE, Var.Kind.TEMP);
      locals.addAll(List.of(v, vDot));
      tangents.add(vDot);
      Expr element = new Expr.Index(ref(x), Expr.Lit.ofInt(k % 3), Type.DOUBLE);
      Expr elementDot = new Expr.Index(ref(xDot), Expr.Lit.ofInt(k % 3), Type.DOUBLE);
      body.add(new Stmt.Assign(v, previous == null ? element
          : new Expr.Binary("*", ref(previous), element, Type.DOUBLE), NONE));
      body.add(new Stmt.Assign(vDot, previous == null ? elementDot
          : new Expr.Binary("+", new Expr.Binary("*", element, ref(previousDot), Type.DOUBLE),
              new Expr.Binary("*", ref(previous), elementDot, Type.DOUBLE), Type.DOUBLE), NONE));
      previous = v;
      previousDot = vDot;
    }
    body.add(new Stmt.Return(new Expr.New(ForwardTransform.DUAL,
        List.of(ref(previous), ref(previousDot))), NONE));
    Function forward = new Function("f", List.of(x, xDot), ForwardTransform.DUAL, body, locals);
    VectorTangents.Forward vector = VectorTangents.apply(forward, tangents, false, Map.of());
    assertNotNull(vector);
    List<Stmt.Loop> loops = new java.util.ArrayList<>();
    io.jgrad.processor.ir.Blocks.visitStmts(vector.function().body(), s -> {
      if (s instanceof Stmt.Loop l) {
        loops.add(l);
      }
    });
    assertTrue(loops.size() > 1, "one loop over the directions: " + loops);
    for (Stmt.Loop loop : loops) {
      int cost = loop.body().stmts().stream().mapToInt(VectorTangents::cost).sum();
      assertTrue(cost <= VectorTangents.LANE_LOOP_BUDGET + 4, "a loop of cost " + cost
          + " (its counter's step included)");
    }
    assertTrue(vector.function().locals().stream().noneMatch(v -> v.name().equals("unusedDot")),
        "unusedDot, which nothing reads, is allocated: " + vector.function().locals());
  }
}
