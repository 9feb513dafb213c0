package io.jgrad.check.fakes;

final class Outer_Inner_Rrule {
  private Outer_Inner_Rrule() {}

  record GGradient(double value, double aBar, double bBar) {}

  static GGradient g(double a, double b) {
    double[] scalarBars = new double[2];
    double value = gAdjoint(a, b, 1, scalarBars);
    return new GGradient(value, scalarBars[0], scalarBars[1]);
  }

  static double gAdjoint(double a, double b, double seed, double[] scalarBars) {
    double e = Math.exp(a);
    scalarBars[0] += seed * (b + e);
    scalarBars[1] += seed * a;
    return a * b + e;
  }
}
