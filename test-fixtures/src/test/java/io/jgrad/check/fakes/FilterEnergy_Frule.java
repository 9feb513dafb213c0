package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class FilterEnergy_Frule {
  private FilterEnergy_Frule() {}

  static Dual f(Filters p, Filters_Tangent pDot, double a, double aDot) {
    double s = 0;
    double sDot = 0;
    double[][][] w = p.w();
    if (w != null) {
      for (int i = 0; i < w.length; i++) {
        if (w[i] == null) {
          continue;
        }
        for (int j = 0; j < w[i].length; j++) {
          if (w[i][j] == null) {
            continue;
          }
          for (int k = 0; k < w[i][j].length; k++) {
            s += Math.sin(w[i][j][k]);
            sDot += Math.cos(w[i][j][k]) * pDot.w[i][j][k];
          }
        }
      }
    }
    double b = p.bias();
    return new Dual(a * s + b * b, aDot * s + a * sDot + 2 * b * pDot.bias);
  }
}
