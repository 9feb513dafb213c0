package io.jgrad.check.fakes;

final class Guarded_Rrule {
  private Guarded_Rrule() {}

  record FGradient(double value, double aBar) {}

  static FGradient f(double a) {
    return new FGradient(Guarded.f(a), 2 * a);
  }

  static double fAdjoint(double a, double seed, double[] scalarBars) {
    double value = Guarded.f(a);
    scalarBars[0] += seed * 2 * a;
    return value;
  }
}
