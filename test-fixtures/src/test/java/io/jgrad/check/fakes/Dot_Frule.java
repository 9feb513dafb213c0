package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class Dot_Frule {
  private Dot_Frule() {}

  static Dual dot(double[] x, double[] xDot, double[] y, double[] yDot) {
    double s = 0;
    double sDot = 0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * y[i];
      sDot += xDot[i] * y[i] + x[i] * yDot[i];
    }
    return new Dual(s, sDot);
  }
}
