package io.jgrad.check.fakes;

final class HalfRejectingAxpy_Frule {
  private HalfRejectingAxpy_Frule() {}

  static void axpy(double a, double aDot, double[] x, double[] xDot, double[] y, double[] yDot) {
    Axpy_Frule.axpy(a, aDot, x, xDot, y, yDot);
  }
}
