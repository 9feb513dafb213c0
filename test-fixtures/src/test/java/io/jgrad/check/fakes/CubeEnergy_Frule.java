package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class CubeEnergy_Frule {
  private CubeEnergy_Frule() {}

  static Dual f(double[][][] x, double[][][] xDot, double w, double wDot) {
    double s = 0;
    double sDot = 0;
    for (int i = 0; i < x.length; i++) {
      if (x[i] == null) {
        continue;
      }
      for (int j = 0; j < x[i].length; j++) {
        if (x[i][j] == null) {
          continue;
        }
        for (int k = 0; k < x[i][j].length; k++) {
          s += x[i][j][k] * x[i][j][k];
          sDot += 2 * x[i][j][k] * xDot[i][j][k];
        }
      }
    }
    return new Dual(w * s, wDot * s + w * sDot);
  }
}
