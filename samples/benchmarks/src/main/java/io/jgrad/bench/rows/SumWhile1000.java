package io.jgrad.bench.rows;

import io.jgrad.Grad;

/** Row {@code _sum_1000}: {@code sum(x)} written as a while loop, x of length 1000. */
public final class SumWhile1000 {
  private SumWhile1000() {}

  @Grad
  public static double f(double[] x) {
    double y = 0;
    int n = 0;
    while (n < x.length) {
      y += x[n];
      n++;
    }
    return y;
  }
}
