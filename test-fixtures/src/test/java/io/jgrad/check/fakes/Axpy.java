package io.jgrad.check.fakes;

/** {@code y += a * x}: writes y, so the rules reject x == y, as the README says. */
public final class Axpy {
  private Axpy() {}

  static void axpy(double a, double[] x, double[] y) {
    for (int i = 0; i < x.length; i++) {
      y[i] += a * x[i];
    }
  }
}
