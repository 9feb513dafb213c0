package io.jgrad.check.fakes;

final class WrongDirections_Rrule {
  private WrongDirections_Rrule() {}

  static Sines_Rrule.FGradient f(double a, double[] x, int n) {
    return Sines_Rrule.f(a, x, n);
  }

  static double fAdjoint(
      double a, double[] x, double[] xBar, int n, double seed, double[] scalarBars) {
    return Sines_Rrule.fAdjoint(a, x, xBar, n, seed, scalarBars);
  }
}
