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

  /**
   * The reverse of a row of a triangular product, {@code while (row > s) { row--; p--; t =
   * vBar[row]; lBar[p] += t * c; cBar += t * l[p]; }}, with {@code vBar} a local adjoint array
   * only its name reaches (allocated here) and {@code lBar} a parameter's, in a try block (an
   * {@code fAdjoint} that uses the tapes).
   */
  private Function triangleRow(boolean addsIntoVBar) {
    Var row = new Var("row", Type.INT, Var.Kind.LOCAL);
    Var s = new Var("s", Type.INT, Var.Kind.PARAM);
    Var p = new Var("p", Type.INT, Var.Kind.LOCAL);
    Var vBar = new Var("vBar", Type.DOUBLE_ARRAY, Var.Kind.LOCAL);
    Var l = new Var("l", Type.DOUBLE_ARRAY, Var.Kind.PARAM);
    Var lBar = new Var("lBar", Type.DOUBLE_ARRAY, Var.Kind.PARAM);
    Var t = new Var("t", Type.DOUBLE, Var.Kind.TEMP);
    Var cBar = new Var("cBar", Type.DOUBLE, Var.Kind.TEMP);
    Expr one = Expr.Lit.ofInt(1);
    Block body = new Block()
        .add(new Stmt.Assign(row, new Expr.Binary("-", ref(row), one, Type.INT), NONE))
        .add(new Stmt.Assign(p, new Expr.Binary("-", ref(p), one, Type.INT), NONE))
        .add(new Stmt.Assign(t, new Expr.Index(ref(vBar), ref(row), Type.DOUBLE), NONE))
        .add(new Stmt.Accumulate(new Expr.Index(ref(lBar), ref(p), Type.DOUBLE),
            new Expr.Binary("*", ref(t), Expr.Lit.of(2.0), Type.DOUBLE), NONE))
        .add(new Stmt.Accumulate(ref(cBar), new Expr.Binary("*", ref(t),
            new Expr.Index(ref(l), ref(p), Type.DOUBLE), Type.DOUBLE), NONE));
    if (addsIntoVBar) {
      body.add(new Stmt.Accumulate(new Expr.Index(ref(vBar), ref(s), Type.DOUBLE), ref(t),
          NONE));
    }
    Block tried = new Block()
        .add(new Stmt.Assign(vBar, new Expr.NewArray(Type.DOUBLE_ARRAY,
            List.of(Expr.Lit.ofInt(8))), NONE))
        .add(new Stmt.Loop(null, new Expr.Binary(">", ref(row), ref(s), Type.BOOLEAN), body,
            new Block(), true, NONE))
        .add(new Stmt.Accumulate(new Expr.Index(ref(lBar), ref(p), Type.DOUBLE), ref(cBar),
            NONE));
    Var thrown = new Var("thrown", Type.classType("java.lang.Throwable"), Var.Kind.LOCAL);
    Block function = new Block().add(new Stmt.Protected(tried, new Block()
        .add(new Stmt.Throw(ref(thrown), NONE)), thrown, NONE));
    Function f = new Function("fAdjoint", List.of(l, lBar, s), Type.VOID, function,
        List.of(row, p, vBar, t, cBar, thrown));
    return ForwardOrderLoops.apply(f, Set.of(vBar, lBar, t, cBar));
  }

  private static Stmt.Loop loopIn(Function f) {
    Stmt.Protected tried = (Stmt.Protected) f.body().stmts().get(0);
    return (Stmt.Loop) tried.body().stmts().stream().filter(st -> st instanceof Stmt.Loop)
        .findFirst().orElseThrow();
  }

  @Test
  void aRowOfATriangleCountsUpWithOneInductionVariable() {
    Function f = triangleRow(false);
    Stmt.Loop loop = loopIn(f);
    assertTrue(countsUp(loop), "counted down: " + loop);
    Var counter = ((Expr.Ref) ((Expr.Binary) loop.condition()).left()).var();
    List<Stmt> tried = ((Stmt.Protected) f.body().stmts().get(0)).body().stmts();
    // pOffset = p - row before the loop; p read as row2 + pOffset; p = s + pOffset after
    Stmt.Assign offset = tried.stream().filter(st -> st instanceof Stmt.Assign a
        && a.target().name().equals("pOffset")).map(st -> (Stmt.Assign) st).findFirst()
        .orElseThrow();
    Expr.Binary pMinusRow = (Expr.Binary) offset.value();
    assertEquals("-", pMinusRow.op());
    assertEquals("p", ((Expr.Ref) pMinusRow.left()).var().name());
    assertEquals("row", ((Expr.Ref) pMinusRow.right()).var().name());
    Stmt.Accumulate intoL = (Stmt.Accumulate) loop.body().stmts().get(1);
    Expr.Binary index = (Expr.Binary) ((Expr.Index) intoL.target()).index();
    assertEquals(counter, ((Expr.Ref) index.left()).var());
    assertEquals(offset.target(), ((Expr.Ref) index.right()).var());
    Stmt.Assign pAfter = tried.stream().filter(st -> st instanceof Stmt.Assign a
        && a.target().name().equals("p")).map(st -> (Stmt.Assign) st).findFirst().orElseThrow();
    assertEquals("+", ((Expr.Binary) pAfter.value()).op());
    // nothing steps p in the loop any more
    assertTrue(loop.body().stmts().stream().noneMatch(st -> st instanceof Stmt.Assign a
        && a.target().name().equals("p")));
  }

  @Test
  void readingAnOwnAdjointArrayItAddsIntoKeepsTheLoopCountingDown() {
    assertTrue(!countsUp(loopIn(triangleRow(true))));
  }
}
