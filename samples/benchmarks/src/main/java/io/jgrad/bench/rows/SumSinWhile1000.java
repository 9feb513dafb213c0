package io.jgrad.bench.rows;

import io.jgrad.Grad;

/** Row {@code _sum_sin_1000}: {@code sum(sin(x_i))} written as a while loop, x of length 1000. */
public final class SumSinWhile1000 {
  private SumSinWhile1000() {}

  @Grad
  public static double f(double[] x) {
    double y = 0;
    int n = 0;
    while (n < x.length) {
      y += Math.sin(x[n]);
      n++;
    }
    return y;
  }
}
