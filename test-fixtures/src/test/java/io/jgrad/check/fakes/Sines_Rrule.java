package io.jgrad.check.fakes;

final class Sines_Rrule {
  private Sines_Rrule() {}

  record FGradient(double value, double aBar, double[] xBar) {}

  static FGradient f(double a, double[] x, int n) {
    double[] xBar = new double[x.length];
    double[] scalarBars = new double[1];
    double value = fAdjoint(a, x, xBar, n, 1, scalarBars);
    return new FGradient(value, scalarBars[0], xBar);
  }

  static double fAdjoint(
      double a, double[] x, double[] xBar, int n, double seed, double[] scalarBars) {
    int m = Math.min(n, x.length);
    double s = 0;
    for (int i = 0; i < m; i++) {
      s += Math.sin(x[i]);
    }
    scalarBars[0] += seed * s;
    for (int i = 0; i < m; i++) {
      xBar[i] += seed * a * Math.cos(x[i]);
    }
    return a * s;
  }
}
