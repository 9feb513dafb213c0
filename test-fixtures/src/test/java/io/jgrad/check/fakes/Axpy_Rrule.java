package io.jgrad.check.fakes;

final class Axpy_Rrule {
  private Axpy_Rrule() {}

  static void axpyAdjoint(
      double a, double[] x, double[] xBar, double[] y, double[] yBar, double[] scalarBars) {
    if (x == y) {
      throw new IllegalArgumentException("axpy writes y, which is also passed as x");
    }
    for (int i = 0; i < x.length; i++) {
      y[i] += a * x[i];
    }
    for (int i = 0; i < x.length; i++) {
      scalarBars[0] += yBar[i] * x[i];
      xBar[i] += a * yBar[i];
    }
  }
}
