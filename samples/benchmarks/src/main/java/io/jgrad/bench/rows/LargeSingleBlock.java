package io.jgrad.bench.rows;

import io.jgrad.Grad;

/**
 * Row {@code large_single_block}: {@code g(x[0], x[1], 400)} with
 * {@code g(x, a, N) = N > 0 ? g(x * a, a, N - 1) : x}, i.e. 400 multiplications, written as the
 * recursion of the suite's definition. {@link LargeSingleBlockLoop} is the same function as a loop.
 */
public final class LargeSingleBlock {
  /** Number of multiplications. */
  public static final int BLOCK = 400;

  private LargeSingleBlock() {}

  @Grad
  public static double g(double x, double a, int n) {
    return n > 0 ? g(x * a, a, n - 1) : x;
  }

  @Grad
  public static double f(double[] x) {
    return g(x[0], x[1], BLOCK);
  }
}
