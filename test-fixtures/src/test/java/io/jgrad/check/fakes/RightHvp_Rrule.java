package io.jgrad.check.fakes;

final class RightHvp_Rrule {
  private RightHvp_Rrule() {}

  record FGradient(double value, double xBar, double yBar) {}

  record FHvp(double value, double xBar, double yBar, double xHvp, double yHvp) {}

  static FGradient f(double x, double y) {
    double[] bars = new double[2];
    double value = fAdjoint(x, y, 1, bars);
    return new FGradient(value, bars[0], bars[1]);
  }

  static double fAdjoint(double x, double y, double seed, double[] scalarBars) {
    scalarBars[0] += seed * (2 * x * y);
    scalarBars[1] += seed * (x * x);
    return x * x * y;
  }

  /** H = [[2y, 2x], [2x, 0]]. */
  static FHvp fHvp(double x, double xDir, double y, double yDir) {
    FGradient g = f(x, y);
    return new FHvp(g.value(), g.xBar(), g.yBar(), 2 * y * xDir + 2 * x * yDir, 2 * x * xDir);
  }
}
