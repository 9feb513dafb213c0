package io.jgrad.check.fakes;

final class NaiveAxpy_Frule {
  private NaiveAxpy_Frule() {}

  static void axpy(double a, double aDot, double[] x, double[] xDot, double[] y, double[] yDot) {
    for (int i = 0; i < x.length; i++) {
      yDot[i] += aDot * x[i] + a * xDot[i];
      y[i] += a * x[i];
    }
  }
}
