package io.jgrad.processor.lower;

import java.util.function.BiConsumer;
import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.Assignment;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.PostfixExpression;
import org.eclipse.jdt.core.dom.PrefixExpression;

/**
 * Every place a piece of source writes: the target of each assignment ({@code x = e}, {@code x
 * += e}, with the assigned value for a plain {@code =}), {@code ++x}, {@code x--}. The constructor
 * readers use it to see what a constructor stores and changes.
 */
final class Writes {
  private Writes() {}

  /**
   * Calls {@code write} with each target and, for {@code target = value}, the value (null for a
   * compound assignment or an increment).
   */
  static void scan(ASTNode node, BiConsumer<Expression, Expression> write) {
    node.accept(new ASTVisitor() {
      @Override
      public boolean visit(Assignment a) {
        write.accept(a.getLeftHandSide(),
            a.getOperator() == Assignment.Operator.ASSIGN ? a.getRightHandSide() : null);
        return true;
      }

      @Override
      public boolean visit(PrefixExpression p) {
        if (p.getOperator() == PrefixExpression.Operator.INCREMENT
            || p.getOperator() == PrefixExpression.Operator.DECREMENT) {
          write.accept(p.getOperand(), null);
        }
        return true;
      }

      @Override
      public boolean visit(PostfixExpression p) {
        write.accept(p.getOperand(), null);
        return true;
      }
    });
  }
}
