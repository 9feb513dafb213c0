package io.jgrad.processor.lower;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Operands evaluated left to right, each once (JLS 15.7). Each operand is lowered into its own
 * block; if that code may change what an operand evaluated before it reads (a variable it
 * assigns, an element it stores, a call), the earlier operand is read into a temporary first,
 * which is exactly when Java would have read it.
 */
final class InOrder {
  private final MethodLowerer lowerer;
  private final Block out;
  private final List<Expr> values = new ArrayList<>();

  InOrder(MethodLowerer lowerer, Block out) {
    this.lowerer = lowerer;
    this.out = out;
  }

  /** Lowers the next operand with {@code operand}; returns its value. */
  Expr next(Function<Block, Expr> operand) {
    Block code = new Block();
    Expr value = operand.apply(code);
    append(code);
    values.add(value);
    return value;
  }

  /** Appends code that runs after the operands so far, reading those it changes first. */
  void append(Block code) {
    if (!code.isEmpty()) {
      Effects effects = Effects.of(code);
      for (int k = 0; k < values.size(); k++) {
        if (effects.changes(values.get(k))) {
          values.set(k, lowerer.spill(values.get(k), out));
        }
      }
      out.addAll(code);
    }
  }

  /** The value of the k-th operand, valid at the end of the code appended so far. */
  Expr get(int k) {
    return values.get(k);
  }

  List<Expr> values() {
    return values;
  }
}
