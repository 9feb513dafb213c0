package io.jgrad.check.fakes;

/** {@code f(a, x, n) = a * sum over i < min(n, x.length) of sin(x[i])}, with correct rules. */
public final class Sines {
  private Sines() {}

  static double f(double a, double[] x, int n) {
    double s = 0;
    for (int i = 0; i < Math.min(n, x.length); i++) {
      s += Math.sin(x[i]);
    }
    return a * s;
  }
}
