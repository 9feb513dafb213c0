package io.jgrad.check.fakes;

final class Absorbing_Rrule {
  private Absorbing_Rrule() {}

  static final double K = 1e20;

  record FGradient(double value, double aBar, double[] xBar) {}

  static FGradient f(double a, double[] x) {
    double[] xBar = new double[x.length];
    double[] scalarBars = new double[1];
    double value = fAdjoint(a, x, xBar, 1, scalarBars);
    return new FGradient(value, scalarBars[0], xBar);
  }

  static double fAdjoint(double a, double[] x, double[] xBar, double seed, double[] scalarBars) {
    double value = Absorbing.f(a, x);
    scalarBars[0] += seed;
    scalarBars[0] += K * xBar[0];
    scalarBars[0] -= K * xBar[0];
    xBar[0] = 2 * xBar[0];
    return value;
  }
}
