package io.jgrad.samples;

import io.jgrad.Grad;

/**
 * The n-dimensional Rosenbrock function {@code sum_i 100 (x[i+1] - x[i]^2)^2 + (1 - x[i])^2}.
 *
 * <p>jgrad generates {@code Rosenbrock_Frule} and {@code Rosenbrock_Rrule} from {@link #f}.
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
