package io.jgrad.check.fakes;

import io.jgrad.DualArray;

final class CubeRowSums_Frule {
  private CubeRowSums_Frule() {}

  static DualArray f(double[][][] x, double[][][] xDot, double s, double sDot) {
    int n = CubeRowSums.rows(x);
    double[] y = new double[n];
    double[] yDot = new double[n];
    int r = 0;
    for (int i = 0; i < x.length; i++) {
      if (x[i] == null) {
        continue;
      }
      for (int j = 0; j < x[i].length; j++) {
        if (x[i][j] == null) {
          continue;
        }
        double sum = 0;
        double sumDot = 0;
        for (int k = 0; k < x[i][j].length; k++) {
          sum += x[i][j][k] * x[i][j][k];
          sumDot += 2 * x[i][j][k] * xDot[i][j][k];
        }
        y[r] = s * sum;
        yDot[r] = sDot * sum + s * sumDot;
        r++;
      }
    }
    return new DualArray(y, yDot);
  }
}
