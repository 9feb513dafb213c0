package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link OverwrittenBuffers} on hand-built {@code fAdjoint} bodies: which first contributions
 * become assignments, which buffers the caller must still zero.
 */
class OverwrittenBuffersTest {
  private static final Stmt.Origin NONE = Stmt.Origin.NONE;
  private final Var x = new Var("x", Type.DOUBLE_ARRAY, Var.Kind.PARAM);
  private final Var xBar = new Var("xBar", Type.DOUBLE_ARRAY, Var.Kind.PARAM);
  private final Var y = new Var("y", Type.DOUBLE_ARRAY, Var.Kind.PARAM);
  private final Var seed = new Var("seed", Type.DOUBLE, Var.Kind.PARAM);
  private final Var i = new Var("i", Type.INT, Var.Kind.LOCAL);
  private final Var s = new Var("s", Type.DOUBLE, Var.Kind.LOCAL);

  private OverwrittenBuffers.Result apply(Block body) {
    Function adjoint = new Function("fAdjoint", List.of(x, xBar, y, seed), Type.DOUBLE, body,
        List.of(i, s));
    return OverwrittenBuffers.apply(adjoint, Map.of(xBar, x), seed, "fGradientInto");
  }

  /** {@code i = 0; while (i < array.length) { body; i = i + 1; }}. */
  private Block countingLoop(Var array, Stmt... body) {
    Block loop = new Block();
    for (Stmt stmt : body) {
      loop.add(stmt);
    }
    loop.add(new Stmt.Assign(i, new Expr.Binary("+", ref(i), Expr.Lit.ofInt(1), Type.INT),
        NONE));
    return new Block()
        .add(new Stmt.Assign(i, Expr.Lit.ofInt(0), NONE))
        .add(new Stmt.Loop(null, new Expr.Binary("<", ref(i), new Expr.Length(ref(array)),
            Type.BOOLEAN), loop, new Block(), true, NONE));
  }

  private Stmt addIntoXBar(Expr index) {
    return new Stmt.Accumulate(new Expr.Index(ref(xBar), index, Type.DOUBLE),
        new Expr.Binary("*", ref(seed), new Expr.Index(ref(y), ref(i), Type.DOUBLE),
            Type.DOUBLE), NONE);
  }

  private Stmt sumOfX() {
    return new Stmt.Accumulate(ref(s), new Expr.Index(ref(x), ref(i), Type.DOUBLE), NONE);
  }

  @Test
  void theFirstAdditionIntoEveryElementBecomesAnAssignmentAndTheSeedIsOne() {
    // for (i = 0; i < x.length; i++) { s += x[i]; xBar[i] += seed * y[i]; }
    OverwrittenBuffers.Result r = apply(countingLoop(x, sumOfX(), addIntoXBar(ref(i))));
    assertEquals(Set.of(xBar), r.covered());
    assertEquals(List.of(x, xBar, y), r.function().params());
    Stmt.Loop loop = (Stmt.Loop) r.function().body().stmts().get(1);
    Stmt.Store store = assertInstanceOf(Stmt.Store.class, loop.body().stmts().get(1));
    assertFalse(Blocks.reads(r.function().body()).contains(seed), r.function().body().toString());
    // seed * y[i] with seed 1 is y[i], exactly
    assertEquals(new Expr.Index(ref(y), ref(i), Type.DOUBLE).toString(), store.value().toString());
  }

  @Test
  void aLoopOverAnotherArraysLengthMayNotCoverTheBuffer() {
    OverwrittenBuffers.Result r = apply(countingLoop(y, addIntoXBar(ref(i))));
    assertTrue(r.covered().isEmpty());
  }

  @Test
  void anotherElementOrASecondAdditionIsNotAFirstWriteOfEach() {
    Expr next = new Expr.Binary("+", ref(i), Expr.Lit.ofInt(1), Type.INT);
    assertTrue(apply(countingLoop(x, addIntoXBar(next))).covered().isEmpty());
    assertTrue(apply(countingLoop(x, addIntoXBar(ref(i)), addIntoXBar(ref(i)))).covered()
        .isEmpty());
  }

  @Test
  void anIterationThatCanEndEarlyOrAConditionalAdditionCoversNothing() {
    Block leaving = countingLoop(x, new Stmt.If(ref(s), new Block().add(
        new Stmt.Continue(null, NONE)), new Block(), NONE), addIntoXBar(ref(i)));
    assertTrue(apply(leaving).covered().isEmpty());
    Block conditional = countingLoop(x, new Stmt.If(ref(s), new Block().add(
        addIntoXBar(ref(i))), new Block(), NONE));
    assertTrue(apply(conditional).covered().isEmpty());
  }

  @Test
  void aBufferMentionedBeforeTheLoopIsNotCovered() {
    Block body = new Block().add(addIntoXBar(Expr.Lit.ofInt(0)));
    countingLoop(x, addIntoXBar(ref(i))).stmts().forEach(body::add);
    assertTrue(apply(body).covered().isEmpty());
  }
}
