package io.jgrad.check.fakes;

/**
 * {@code f(x, w) = w * sum_ijk x[i][j][k]^2} with a {@code double[][][]} parameter (null
 * sub-matrices and rows skipped), correct rules.
 */
public final class CubeEnergy {
  private CubeEnergy() {}

  static double f(double[][][] x, double w) {
    double s = 0;
    for (double[][] m : x) {
      if (m == null) {
        continue;
      }
      for (double[] row : m) {
        if (row == null) {
          continue;
        }
        for (double v : row) {
          s += v * v;
        }
      }
    }
    return w * s;
  }
}
