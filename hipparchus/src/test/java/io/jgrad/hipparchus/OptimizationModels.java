package io.jgrad.hipparchus;

import io.jgrad.Grad;
import io.jgrad.NoGrad;

/** What the adapter tests optimise: a chained Rosenbrock function and an exponential decay. */
final class OptimizationModels {
  private OptimizationModels() {}

  /** sum_i 100 (x[i+1] - x[i]^2)^2 + (1 - x[i])^2: minimum 0 at (1, ..., 1). */
  @Grad
  static double rosenbrock(double[] x) {
    double s = 0;
    for (int i = 0; i + 1 < x.length; i++) {
      double a = x[i + 1] - x[i] * x[i];
      double b = 1 - x[i];
      s += 100 * a * a + b * b;
    }
    return s;
  }

  /** p[0] exp(-p[1] t) + p[2] at each t. */
  @Grad
  static double[] decay(double[] p, @NoGrad double[] t) {
    double[] y = new double[t.length];
    for (int i = 0; i < t.length; i++) {
      y[i] = p[0] * Math.exp(-p[1] * t[i]) + p[2];
    }
    return y;
  }
}
