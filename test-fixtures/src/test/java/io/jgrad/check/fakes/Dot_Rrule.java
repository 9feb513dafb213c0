package io.jgrad.check.fakes;

final class Dot_Rrule {
  private Dot_Rrule() {}

  record DotGradient(double value, double[] xBar, double[] yBar) {}

  static DotGradient dot(double[] x, double[] y) {
    double[] xBar = new double[x.length];
    double[] yBar = new double[y.length];
    double value = dotAdjoint(x, xBar, y, yBar, 1);
    return new DotGradient(value, xBar, yBar);
  }

  static double dotAdjoint(double[] x, double[] xBar, double[] y, double[] yBar, double seed) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * y[i];
    }
    for (int i = 0; i < x.length; i++) {
      xBar[i] += seed * y[i];
      yBar[i] += seed * x[i];
    }
    return s;
  }
}
