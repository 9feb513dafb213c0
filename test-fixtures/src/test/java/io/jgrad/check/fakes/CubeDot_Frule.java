package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class CubeDot_Frule {
  private CubeDot_Frule() {}

  static Dual dot(double[][][] a, double[][][] aDot, double[][][] b, double[][][] bDot) {
    double s = 0;
    double sDot = 0;
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[i].length; j++) {
        for (int k = 0; k < a[i][j].length; k++) {
          s += a[i][j][k] * b[i][j][k];
          sDot += aDot[i][j][k] * b[i][j][k] + a[i][j][k] * bDot[i][j][k];
        }
      }
    }
    return new Dual(s, sDot);
  }
}
