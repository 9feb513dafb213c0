package io.jgrad.check.fakes;

/**
 * {@code f(x, m) = sum_ijk x[i][j][k] * m[j][k]} over {@code x}'s shape: a {@code double[][][]}
 * and a {@code double[][]} it only reads, so passing a sub-matrix of x as m ({@code f(x, x[0])})
 * must be right; correct rules.
 */
public final class CubeMatrixDot {
  private CubeMatrixDot() {}

  static double f(double[][][] x, double[][] m) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < x[i].length; j++) {
        for (int k = 0; k < x[i][j].length; k++) {
          s += x[i][j][k] * m[j][k];
        }
      }
    }
    return s;
  }
}
