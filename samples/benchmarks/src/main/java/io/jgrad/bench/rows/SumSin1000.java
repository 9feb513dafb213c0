package io.jgrad.bench.rows;

import io.jgrad.Grad;

/** Row {@code sum_sin_1000}: {@code sum(sin(x_i))}, x of length 1000. */
public final class SumSin1000 {
  private SumSin1000() {}

  @Grad
  public static double f(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += Math.sin(x[i]);
    }
    return s;
  }
}
