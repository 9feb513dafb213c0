package io.jgrad.check.fakes;

final class WrongInto_Rrule {
  private WrongInto_Rrule() {}

  record FGradient(double value, double xBar, double yBar) {}

  static FGradient f(double x, double y) {
    double[] bars = new double[2];
    double value = fAdjoint(x, y, 1, bars);
    return new FGradient(value, bars[0], bars[1]);
  }

  static double fAdjoint(double x, double y, double seed, double[] scalarBars) {
    scalarBars[0] += seed * y;
    scalarBars[1] += seed * x;
    return x * y;
  }
}
