package io.jgrad.bench.rows;

import io.jgrad.Grad;

/** Row {@code sum_cos_exp_1024}: {@code sum(cos(exp(x_i)))}, x of length 1024. */
public final class SumCosExp1024 {
  private SumCosExp1024() {}

  @Grad
  public static double f(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += Math.cos(Math.exp(x[i]));
    }
    return s;
  }
}
