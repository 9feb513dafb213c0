package io.jgrad.check.fakes;

/**
 * {@code f(a, x) = a * sum of sin(x[i])}, overwriting {@code x[i]} with {@code sin(x[i])}: the
 * rules must leave {@code x} exactly as the primal does.
 */
public final class InPlace {
  private InPlace() {}

  static double f(double a, double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      x[i] = Math.sin(x[i]);
      s += x[i];
    }
    return a * s;
  }
}
