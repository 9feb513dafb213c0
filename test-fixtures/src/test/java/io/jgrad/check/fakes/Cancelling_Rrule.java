package io.jgrad.check.fakes;

final class Cancelling_Rrule {
  private Cancelling_Rrule() {}

  record FGradient(double value, double aBar, double bBar) {}

  static FGradient f(double a, double b) {
    double[] scalarBars = new double[2];
    double value = fAdjoint(a, b, 1, scalarBars);
    return new FGradient(value, scalarBars[0], scalarBars[1]);
  }

  static double fAdjoint(double a, double b, double seed, double[] scalarBars) {
    scalarBars[0] += seed * Cancelling_Frule.K - seed * Cancelling_Frule.K;
    scalarBars[1] += seed;
    return b;
  }
}
