package io.jgrad.check.fakes;

import io.jgrad.DualArray;

final class ArrayResult_Frule {
  private ArrayResult_Frule() {}

  static DualArray f(double a, double aDot, double[] x, double[] xDot) {
    double[] y = new double[x.length];
    double[] yDot = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      double e = Math.exp(x[i]);
      y[i] = a * e;
      yDot[i] = aDot * e + a * e * xDot[i];
    }
    return new DualArray(y, yDot);
  }
}
