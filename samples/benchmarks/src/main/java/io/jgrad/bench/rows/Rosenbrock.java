package io.jgrad.bench.rows;

import io.jgrad.Grad;

/**
 * The Hessian row: the chained Rosenbrock function
 * {@code sum_i 100 (x[i+1] - x[i]^2)^2 + (1 - x[i])^2}, whose Hessian is tridiagonal.
 */
public final class Rosenbrock {
  private Rosenbrock() {}

  @Grad
  public static double f(double[] x) {
    double s = 0;
    for (int i = 0; i + 1 < x.length; i++) {
      double a = x[i + 1] - x[i] * x[i];
      double b = 1 - x[i];
      s += 100 * a * a + b * b;
    }
    return s;
  }
}
