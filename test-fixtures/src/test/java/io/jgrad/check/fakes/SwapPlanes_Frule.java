package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class SwapPlanes_Frule {
  private SwapPlanes_Frule() {}

  static Dual f(double[][][] x, double[][][] xDot) {
    double[][] t = x[0];
    x[0] = x[1];
    x[1] = t;
    double[][] tDot = xDot[0];
    xDot[0] = xDot[1];
    xDot[1] = tDot;
    x[0][0][0] *= 3;
    xDot[0][0][0] *= 3;
    return new Dual(x[0][0][0] * x[1][0][0],
        xDot[0][0][0] * x[1][0][0] + x[0][0][0] * xDot[1][0][0]);
  }
}
