package io.jgrad.processor.analysis;

import io.jgrad.processor.ir.Expr;
import java.util.List;

/** The top-level operands of the single operation on the right of an active assignment. */
public final class Operations {
  private Operations() {}

  public static List<Expr> operands(Expr op) {
    if (op instanceof Expr.Ref || op instanceof Expr.Index) {
      return List.of(op);
    }
    if (op instanceof Expr.Unary u) {
      return List.of(u.operand());
    }
    if (op instanceof Expr.Binary b) {
      return List.of(b.left(), b.right());
    }
    if (op instanceof Expr.Cast c) {
      return c.type().isFloating() ? List.of(c.operand()) : List.of();
    }
    if (op instanceof Expr.Call c) {
      return c.args();
    }
    return List.of();
  }
}
