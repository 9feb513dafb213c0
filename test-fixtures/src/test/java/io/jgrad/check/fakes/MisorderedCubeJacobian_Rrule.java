package io.jgrad.check.fakes;

/**
 * Broken: {@code fJacobian} numbers the columns of a rectangular {@code double[n][r][c]} x with
 * its first two indices swapped (row {@code x[i][j]} at block {@code j * n + i} instead of {@code
 * i * r + j}); the other rules are right.
 */
final class MisorderedCubeJacobian_Rrule {
  private MisorderedCubeJacobian_Rrule() {}

  static CubeRowSums_Rrule.FGradient f(double[][][] x, double s, double[] resultBar) {
    return CubeRowSums_Rrule.f(x, s, resultBar);
  }

  static double[] fAdjoint(
      double[][][] x, double[][][] xBar, double s, double[] resultBar, double[] scalarBars) {
    return CubeRowSums_Rrule.fAdjoint(x, xBar, s, resultBar, scalarBars);
  }

  static double[][] fJacobian(double[][][] x, double s) {
    double[][] right = CubeRowSums_Rrule.fJacobian(x, s);
    int n = x.length;
    int r = x[0].length;
    int c = x[0][0].length;
    double[][] wrong = new double[right.length][];
    for (int out = 0; out < right.length; out++) {
      wrong[out] = right[out].clone();
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < r; j++) {
          System.arraycopy(right[out], (i * r + j) * c, wrong[out], (j * n + i) * c, c);
        }
      }
    }
    return wrong;
  }
}
