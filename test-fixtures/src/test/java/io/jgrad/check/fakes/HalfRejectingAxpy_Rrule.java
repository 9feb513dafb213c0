package io.jgrad.check.fakes;

/** Broken: accepts what the forward rule rejects. */
final class HalfRejectingAxpy_Rrule {
  private HalfRejectingAxpy_Rrule() {}

  static void axpyAdjoint(
      double a, double[] x, double[] xBar, double[] y, double[] yBar, double[] scalarBars) {
    NaiveAxpy_Rrule.axpyAdjoint(a, x, xBar, y, yBar, scalarBars);
  }
}
