package io.jgrad.check.fakes;

/**
 * {@code f(x, s)} has one output per innermost row of {@code x}, in row-major order ({@code
 * x[0][0], x[0][1], ..., x[1][0], ...}; null sub-matrices and rows skipped): {@code s * sum_k
 * x[i][j][k]^2}. A {@code double[]} result whose Jacobian lays the columns out as jgrad does
 * (x's entries row by row, then s), with correct rules.
 */
public final class CubeRowSums {
  private CubeRowSums() {}

  static double[] f(double[][][] x, double s) {
    double[] y = new double[rows(x)];
    int r = 0;
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
        }
        y[r++] = s * sum;
      }
    }
    return y;
  }

  /** The number of non-null innermost rows. */
  static int rows(double[][][] x) {
    int n = 0;
    for (double[][] m : x) {
      if (m != null) {
        for (double[] row : m) {
          n += row == null ? 0 : 1;
        }
      }
    }
    return n;
  }

  /** The number of entries (Jacobian columns of x). */
  static int entries(double[][][] x) {
    int n = 0;
    for (double[][] m : x) {
      if (m != null) {
        for (double[] row : m) {
          n += row == null ? 0 : row.length;
        }
      }
    }
    return n;
  }
}
