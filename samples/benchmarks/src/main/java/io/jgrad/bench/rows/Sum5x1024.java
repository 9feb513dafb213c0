package io.jgrad.bench.rows;

import io.jgrad.Grad;

/** Row {@code sum_5x_1024}: {@code sum(5 * x_i)}, x of length 1024. */
public final class Sum5x1024 {
  private Sum5x1024() {}

  @Grad
  public static double f(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += 5 * x[i];
    }
    return s;
  }
}
