package io.jgrad.check.fakes;

final class Throwing_Rrule {
  private Throwing_Rrule() {}

  record FGradient(double value, double aBar) {}

  static FGradient f(double a) {
    return new FGradient(a, 1);
  }

  static double fAdjoint(double a, double seed, double[] scalarBars) {
    scalarBars[0] += seed;
    return a;
  }
}
