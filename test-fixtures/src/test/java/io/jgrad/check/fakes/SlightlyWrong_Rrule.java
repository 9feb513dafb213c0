package io.jgrad.check.fakes;

final class SlightlyWrong_Rrule {
  private SlightlyWrong_Rrule() {}

  record FGradient(double value, double aBar, double bBar) {}

  static FGradient f(double a, double b) {
    double[] scalarBars = new double[2];
    double value = fAdjoint(a, b, 1, scalarBars);
    return new FGradient(value, scalarBars[0], scalarBars[1]);
  }

  static double fAdjoint(double a, double b, double seed, double[] scalarBars) {
    scalarBars[1] += seed;
    return b;
  }
}
