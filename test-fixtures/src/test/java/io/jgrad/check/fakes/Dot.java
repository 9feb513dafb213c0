package io.jgrad.check.fakes;

/** {@code dot(x, y)}: reads both arrays, so dot(x, x) must be right. */
public final class Dot {
  private Dot() {}

  static double dot(double[] x, double[] y) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * y[i];
    }
    return s;
  }
}
