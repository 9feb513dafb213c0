package io.jgrad.bench.rows;

import io.jgrad.Grad;

/** Row {@code sum_1000}: {@code sum(x)}, x of length 1000. */
public final class Sum1000 {
  private Sum1000() {}

  @Grad
  public static double f(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += x[i];
    }
    return s;
  }
}
