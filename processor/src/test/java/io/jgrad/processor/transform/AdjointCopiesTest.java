package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link AdjointCopies} on hand-built reverse code: which copies go, and what reads instead. */
class AdjointCopiesTest {
  private static final Stmt.Origin NONE = Stmt.Origin.NONE;
  private final Var x = new Var("x", Type.DOUBLE_ARRAY, Var.Kind.PARAM);
  private final Var xBar = new Var("xBar", Type.DOUBLE_ARRAY, Var.Kind.PARAM);
  private final Var sBar = new Var("sBar", Type.DOUBLE, Var.Kind.TEMP);
  private final Var t4Bar = new Var("t4Bar", Type.DOUBLE, Var.Kind.TEMP);
  private final Var t5Bar = new Var("t5Bar", Type.DOUBLE, Var.Kind.TEMP);
  private final Var wBar = new Var("wBar", Type.DOUBLE, Var.Kind.TEMP);

  private static Stmt assign(Var v, Expr e) {
    return new Stmt.Assign(v, e, NONE);
  }

  private Expr xAt(int k) {
    return new Expr.Index(ref(x), Expr.Lit.ofInt(k), Type.DOUBLE);
  }

  private Stmt addIntoXBar(Expr e) {
    return new Stmt.Accumulate(new Expr.Index(ref(xBar), Expr.Lit.ofInt(0), Type.DOUBLE), e,
        NONE);
  }

  private Function apply(Block body) {
    return AdjointCopies.apply(new Function("fReverse", List.of(x, xBar), Type.VOID, body,
        List.of(sBar, t4Bar, t5Bar, wBar)));
  }

  private static Expr times(Expr a, Expr b) {
    return new Expr.Binary("*", a, b, Type.DOUBLE);
  }

  @Test
  void readsOfACopyReadWhatItCopies() {
    // t4Bar = sBar; xBar[0] += t4Bar * x[0]; t4Bar = 0.0 (its reset, dead)
    Function f = apply(new Block()
        .add(assign(t4Bar, ref(sBar)))
        .add(addIntoXBar(times(ref(t4Bar), xAt(0))))
        .add(assign(t4Bar, Expr.Lit.of(0.0))));
    assertEquals(1, f.body().stmts().size(), f.body().toString());
    Stmt.Accumulate only = (Stmt.Accumulate) f.body().stmts().get(0);
    assertSame(sBar, ((Expr.Ref) ((Expr.Binary) only.value()).left()).var());
    assertFalse(f.locals().contains(t4Bar));
  }

  @Test
  void aCopiedValueReadNowhereElseIsAssignedToTheCopy() {
    // t5Bar = x[1]; t4Bar = t5Bar; t5Bar = 0.0; xBar[0] += t4Bar: the reset of t5Bar sits
    // between the copy and its read, so the reads cannot take t5Bar
    Function f = apply(new Block()
        .add(assign(t5Bar, xAt(1)))
        .add(assign(t4Bar, ref(t5Bar)))
        .add(assign(t5Bar, Expr.Lit.of(0.0)))
        .add(addIntoXBar(ref(t4Bar))));
    assertEquals(2, f.body().stmts().size(), f.body().toString());
    Stmt.Assign first = (Stmt.Assign) f.body().stmts().get(0);
    assertSame(t4Bar, first.target());
    assertEquals(xAt(1).toString(), first.value().toString());
    assertFalse(f.locals().contains(t5Bar));
  }

  @Test
  void aCopyIsNotFoldedIntoAnAssignmentReadingItsTarget() {
    // t4Bar = 0.0; t5Bar = t4Bar * x[1]; t4Bar = t5Bar; t5Bar = 0.0; xBar[0] += t4Bar:
    // t4Bar = t4Bar * x[1] would read its own target, which the transforms after this one do
    // not expect
    Block body = new Block()
        .add(assign(t4Bar, Expr.Lit.of(0.0)))
        .add(assign(t5Bar, times(ref(t4Bar), xAt(1))))
        .add(assign(t4Bar, ref(t5Bar)))
        .add(assign(t5Bar, Expr.Lit.of(0.0)))
        .add(addIntoXBar(ref(t4Bar)));
    Function f = apply(body);
    assertEquals(body.toString(), f.body().toString());
  }

  @Test
  void aCopyStaysWhereTheCopiedVariableChangesBeforeARead() {
    // t4Bar = sBar; sBar = sBar * x[0]; xBar[0] += t4Bar: t4Bar holds the old sBar
    Block body = new Block()
        .add(assign(t4Bar, ref(sBar)))
        .add(assign(sBar, times(ref(sBar), xAt(0))))
        .add(addIntoXBar(ref(t4Bar)));
    Function f = apply(body);
    assertEquals(body.toString(), f.body().toString());
  }

  @Test
  void aCopyStaysWhereItIsReadOutsideItsBlock() {
    // if (...) { t4Bar = sBar; } xBar[0] += t4Bar
    Block then = new Block().add(assign(t4Bar, ref(sBar)));
    Block body = new Block()
        .add(new Stmt.If(new Expr.Binary(">", xAt(0), Expr.Lit.of(0.0), Type.BOOLEAN),
            then, new Block(), NONE))
        .add(addIntoXBar(ref(t4Bar)));
    Function f = apply(body);
    assertEquals(body.toString(), f.body().toString());
  }

  @Test
  void theAdjointOfASourceVariableKeepsItsName() {
    // wBar = sBar: wBar is the adjoint of the source's w, not of a temporary
    Block body = new Block()
        .add(assign(wBar, ref(sBar)))
        .add(addIntoXBar(ref(wBar)));
    Function f = apply(body);
    assertEquals(body.toString(), f.body().toString());
  }
}
