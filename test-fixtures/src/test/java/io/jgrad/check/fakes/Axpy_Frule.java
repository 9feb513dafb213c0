package io.jgrad.check.fakes;

final class Axpy_Frule {
  private Axpy_Frule() {}

  static void axpy(double a, double aDot, double[] x, double[] xDot, double[] y, double[] yDot) {
    if (x == y) {
      throw new IllegalArgumentException("axpy writes y, which is also passed as x");
    }
    for (int i = 0; i < x.length; i++) {
      yDot[i] += aDot * x[i] + a * xDot[i];
      y[i] += a * x[i];
    }
  }
}
