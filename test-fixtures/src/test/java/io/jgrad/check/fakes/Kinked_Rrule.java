package io.jgrad.check.fakes;

final class Kinked_Rrule {
  private Kinked_Rrule() {}

  record FGradient(double value, double aBar) {}

  static FGradient f(double a) {
    return new FGradient(Kinked.f(a), a < 0 ? -1 : 2);
  }

  static double fAdjoint(double a, double seed, double[] scalarBars) {
    scalarBars[0] += seed * (a < 0 ? -1 : 2);
    return Kinked.f(a);
  }
}
