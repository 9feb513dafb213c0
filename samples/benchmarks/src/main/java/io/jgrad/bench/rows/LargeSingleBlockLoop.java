package io.jgrad.bench.rows;

import io.jgrad.Grad;

/**
 * Row {@code large_single_block} in loop form: {@code y = x[0]; 400 times y = y * x[1]}. Computes
 * exactly the operations of {@link LargeSingleBlock#f} in the same order.
 */
public final class LargeSingleBlockLoop {
  private LargeSingleBlockLoop() {}

  @Grad
  public static double f(double[] x) {
    double y = x[0];
    double a = x[1];
    for (int n = 0; n < LargeSingleBlock.BLOCK; n++) {
      y = y * a;
    }
    return y;
  }
}
