package test;

import io.jgrad.Grad;

/** The Rosenbrock function over an array: a loop over double[] with loop-local temporaries. */
public final class Rosenbrock {
  private Rosenbrock() {}

  @Grad
  public static double rosenbrock(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length - 1; i++) {
      double a = 1.0 - x[i];
      double b = x[i + 1] - x[i] * x[i];
      s += a * a + 100.0 * b * b;
    }
    return s;
  }
}
