package io.jgrad.check.fakes;

final class FastSine_Rrule {
  private FastSine_Rrule() {}

  record FGradient(double value, double aBar) {}

  static FGradient f(double a) {
    return new FGradient(FastSine.f(a), 2 * a + 1e18 * Math.cos(1e18 * a));
  }

  static double fAdjoint(double a, double seed, double[] scalarBars) {
    scalarBars[0] += seed * (2 * a + 1e18 * Math.cos(1e18 * a));
    return FastSine.f(a);
  }
}
