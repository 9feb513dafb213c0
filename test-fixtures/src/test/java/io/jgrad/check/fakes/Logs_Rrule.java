package io.jgrad.check.fakes;

final class Logs_Rrule {
  private Logs_Rrule() {}

  record FGradient(double value, double aBar) {}

  static FGradient f(double a) {
    double[] scalarBars = new double[1];
    double value = fAdjoint(a, 1, scalarBars);
    return new FGradient(value, scalarBars[0]);
  }

  static double fAdjoint(double a, double seed, double[] scalarBars) {
    scalarBars[0] += seed / a;
    return Math.log(a);
  }
}
