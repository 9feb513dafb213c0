package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class CubeInPlace_Frule {
  private CubeInPlace_Frule() {}

  /** Updates {@code xDot} in place along with {@code x}. */
  static Dual f(double[][][] x, double[][][] xDot, double s, double sDot) {
    double sum = 0;
    double sumDot = 0;
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < x[i].length; j++) {
        double[] row = x[i][j];
        double[] rowDot = xDot[i][j];
        for (int k = 0; k < row.length; k++) {
          rowDot[k] = sDot * Math.sin(row[k]) + s * Math.cos(row[k]) * rowDot[k];
          row[k] = s * Math.sin(row[k]);
          sum += row[k] * row[k];
          sumDot += 2 * row[k] * rowDot[k];
        }
      }
    }
    return new Dual(sum, sumDot);
  }
}
