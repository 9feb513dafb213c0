package io.jgrad.check.fakes;

final class CubeRowSums_Rrule {
  private CubeRowSums_Rrule() {}

  record FGradient(double[] value, double[][][] xBar, double sBar) {}

  static FGradient f(double[][][] x, double s, double[] resultBar) {
    double[][][] xBar = Cubes.zerosLike(x);
    double[] scalarBars = new double[1];
    double[] value = fAdjoint(x, xBar, s, resultBar, scalarBars);
    return new FGradient(value, xBar, scalarBars[0]);
  }

  static double[] fAdjoint(
      double[][][] x, double[][][] xBar, double s, double[] resultBar, double[] scalarBars) {
    double[] y = CubeRowSums.f(x, s);
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
        for (int k = 0; k < x[i][j].length; k++) {
          sum += x[i][j][k] * x[i][j][k];
          xBar[i][j][k] += resultBar[r] * s * 2 * x[i][j][k];
        }
        scalarBars[0] += resultBar[r] * sum;
        r++;
      }
    }
    return y;
  }

  /** Columns: x[0][0][*], x[0][1][*], ..., x[1][0][*], ... (null rows none), then s. */
  static double[][] fJacobian(double[][][] x, double s) {
    int n = CubeRowSums.entries(x);
    double[][] jacobian = new double[CubeRowSums.rows(x)][n + 1];
    int r = 0;
    int column = 0;
    for (double[][] m : x) {
      if (m == null) {
        continue;
      }
      for (double[] row : m) {
        if (row == null) {
          continue;
        }
        double sum = 0;
        for (double v : row) {
          sum += v * v;
          jacobian[r][column++] = s * 2 * v;
        }
        jacobian[r][n] = sum;
        r++;
      }
    }
    return jacobian;
  }
}
