package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class CubeMatrixDot_Frule {
  private CubeMatrixDot_Frule() {}

  static Dual f(double[][][] x, double[][][] xDot, double[][] m, double[][] mDot) {
    double s = 0;
    double sDot = 0;
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < x[i].length; j++) {
        for (int k = 0; k < x[i][j].length; k++) {
          s += x[i][j][k] * m[j][k];
          sDot += xDot[i][j][k] * m[j][k] + x[i][j][k] * mDot[j][k];
        }
      }
    }
    return new Dual(s, sDot);
  }
}
