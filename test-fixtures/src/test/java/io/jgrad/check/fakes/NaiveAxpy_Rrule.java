package io.jgrad.check.fakes;

/** Broken under aliasing: aBar reads x after the forward sweep overwrote it through y. */
final class NaiveAxpy_Rrule {
  private NaiveAxpy_Rrule() {}

  static void axpyAdjoint(
      double a, double[] x, double[] xBar, double[] y, double[] yBar, double[] scalarBars) {
    for (int i = 0; i < x.length; i++) {
      y[i] += a * x[i];
    }
    for (int i = 0; i < x.length; i++) {
      scalarBars[0] += yBar[i] * x[i];
      xBar[i] += a * yBar[i];
    }
  }
}
