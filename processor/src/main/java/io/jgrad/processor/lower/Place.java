package io.jgrad.processor.lower;

import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;

/**
 * The left-hand side of an assignment, {@code ++} or {@code --}, with everything Java evaluates
 * before the right-hand side already evaluated (JLS 15.26): for an element, the array reference
 * and the index, each once.
 */
sealed interface Place {
  Type type();

  /** A local variable or parameter. */
  record Variable(Var var) implements Place {
    @Override
    public Type type() {
      return var.type();
    }
  }

  /** {@code target.name}: a field of a mutable object, the target evaluated. */
  record FieldOf(Expr target, String name, Type type) implements Place {
    Expr.Field read() {
      return new Expr.Field(target, name, type);
    }
  }

  /** {@code array[index]}: both evaluated, the index re-evaluable (see {@link Effects}). */
  record Element(Expr array, Expr index, Type type) implements Place {
    Expr read() {
      return new Expr.Index(array, index, type);
    }
  }
}
