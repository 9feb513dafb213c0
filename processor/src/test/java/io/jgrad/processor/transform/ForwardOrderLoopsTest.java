package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link ForwardOrderLoops} on hand-built reverse loops: which ones may count up. */
class ForwardOrderLoopsTest {
  private static final Stmt.Origin NONE = Stmt.Origin.NONE;
  private final Var i = new Var("i", Type.INT, Var.Kind.LOCAL);
  private final Var x = new Var("x", Type.DOUBLE_ARRAY, Var.Kind.PARAM);
  private final Var xBar = new Var("xBar", Type.DOUBLE_ARRAY, Var.Kind.PARAM);
  private final Var sBar = new Var("sBar", Type.DOUBLE, Var.Kind.TEMP);
  private final Var aBar = new Var("aBar", Type.DOUBLE, Var.Kind.TEMP);

  private Expr xAt() {
    return new Expr.Index(ref(x), ref(i), Type.DOUBLE);
  }

  private Expr xBarAt() {
    return new Expr.Index(ref(xBar), ref(i), Type.DOUBLE);
  }

  /** {@code while (i > 0) { i = i - 1; body }} in a reverse part, then the pass. */
  private Function reversed(Block body) {
    Block loopBody = new Block().add(new Stmt.Assign(i, new Expr.Binary("-", ref(i),
        Expr.Lit.ofInt(1), Type.INT), NONE)).addAll(body);
    Block function = new Block().add(new Stmt.Loop(null, new Expr.Binary(">", ref(i),
        Expr.Lit.ofInt(0), Type.BOOLEAN), loopBody, new Block(), true, NONE));
    Function f = new Function("fReverse", List.of(x, xBar), Type.VOID, function,
        List.of(i, sBar, aBar));
    return ForwardOrderLoops.apply(f, Set.of(xBar, sBar, aBar));
  }

  private static Stmt.Loop onlyLoop(Function f) {
    return (Stmt.Loop) f.body().stmts().stream().filter(s -> s instanceof Stmt.Loop)
        .findFirst().orElseThrow();
  }

  private static boolean countsUp(Stmt.Loop loop) {
    return loop.condition() instanceof Expr.Binary b && b.op().equals("<");
  }

  @Test
  void theReverseOfASumCountsUp() {
    // xBar[i] += sBar * x[i]; aBar += sBar (a scalar adjoint summed over the iterations)
    Function f = reversed(new Block()
        .add(new Stmt.Accumulate(xBarAt(), new Expr.Binary("*", ref(sBar), xAt(), Type.DOUBLE),
            NONE))
        .add(new Stmt.Accumulate(ref(aBar), ref(sBar), NONE)));
    Stmt.Loop loop = onlyLoop(f);
    assertTrue(countsUp(loop), "counted down: " + loop);
    // the body reads its own counter, not i, which is where the loop left it
    Var counter = ((Expr.Ref) ((Expr.Binary) loop.condition()).left()).var();
    assertTrue(counter != i);
    Stmt.Accumulate first = (Stmt.Accumulate) loop.body().stmts().get(0);
    assertEquals(counter, ((Expr.Ref) ((Expr.Index) first.target()).index()).var());
  }

  @Test
  void aCarriedAdjointKeepsTheLoopCountingDown() {
    // sBar = sBar * x[i]: iteration i needs the sBar of the iterations after it
    Function f = reversed(new Block()
        .add(new Stmt.Accumulate(xBarAt(), ref(sBar), NONE))
        .add(new Stmt.Assign(sBar, new Expr.Binary("*", ref(sBar), xAt(), Type.DOUBLE), NONE)));
    assertTrue(!countsUp(onlyLoop(f)));
  }

  @Test
  void aTapePopKeepsTheLoopCountingDown() {
    Var tapes = new Var("tapes", TapeCode.TAPES, Var.Kind.PARAM);
    Function f = reversed(new Block()
        .add(new Stmt.Assign(aBar, new Expr.Invoke(ref(tapes), "popDouble", List.of(),
            Type.DOUBLE), NONE))
        .add(new Stmt.Accumulate(xBarAt(), ref(aBar), NONE)));
    assertTrue(!countsUp(onlyLoop(f)));
  }

  @Test
  void readingAnAdjointArrayKeepsTheLoopCountingDown() {
    // aBar = xBar[i]; xBar[i + 1] += aBar: iteration i reads what iteration i + 1 added
    Expr next = new Expr.Index(ref(xBar), new Expr.Binary("+", ref(i), Expr.Lit.ofInt(1),
        Type.INT), Type.DOUBLE);
    Function f = reversed(new Block()
        .add(new Stmt.Assign(aBar, xBarAt(), NONE))
        .add(new Stmt.Accumulate(next, ref(aBar), NONE)));
    assertTrue(!countsUp(onlyLoop(f)));
  }
}
