package io.jgrad.processor.analysis;

import io.jgrad.processor.ir.Expr;
import java.util.List;

/** The top-level operands of the single operation on the right of an active assignment. */
public final class Operations {
  private Operations() {}

  public static List<Expr> operands(Expr op) {
    if (op instanceof Expr.Ref || op instanceof Expr.Index || op instanceof Expr.Field) {
      return List.of(op);
    }
    if (op instanceof Expr.Unary u) {
      return List.of(u.operand());
    }
    if (op instanceof Expr.Binary b) {
      return List.of(b.left(), b.right());
    }
    if (op instanceof Expr.Cast c) {
      return c.type().isFloating() ? List.of(castOperand(c)) : List.of();
    }
    if (op instanceof Expr.Call c) {
      // a call made as it is (data, a zero derivative, a stop-gradient) passes none on
      return c.asIs() ? List.of() : c.args();
    }
    return List.of();
  }

  /**
   * The operand a floating cast passes its derivative from, looking through nested floating
   * casts: {@code (double) (float) x} has derivative one with respect to {@code x} (rounding to
   * float has derivative one too), so {@code x} is its operand. Activity and the local derivative
   * rules both use this, so a variable assigned such a cast is active exactly when the rules give
   * it a derivative.
   */
  public static Expr castOperand(Expr.Cast cast) {
    Expr operand = cast.operand();
    while (operand instanceof Expr.Cast inner && inner.type().isFloating()) {
      operand = inner.operand();
    }
    return operand;
  }
}
