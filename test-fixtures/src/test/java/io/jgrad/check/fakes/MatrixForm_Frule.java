package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class MatrixForm_Frule {
  private MatrixForm_Frule() {}

  static Dual f(double[][] w, double[][] wDot, double[] x, double[] xDot) {
    double s = 0;
    double sDot = 0;
    for (int i = 0; i < w.length; i++) {
      double z = 0;
      double zDot = 0;
      for (int j = 0; j < x.length; j++) {
        z += w[i][j] * x[j];
        zDot += wDot[i][j] * x[j] + w[i][j] * xDot[j];
      }
      s += z * z;
      sDot += 2 * z * zDot;
    }
    return new Dual(s, sDot);
  }
}
