package io.jgrad.check.fakes;

/**
 * {@code dot(a, b) = sum_ijk a[i][j][k] * b[i][j][k]} over {@code a}'s shape: two {@code
 * double[][][]} parameters it only reads (so {@code dot(a, a)} must be right), correct rules.
 */
public final class CubeDot {
  private CubeDot() {}

  static double dot(double[][][] a, double[][][] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[i].length; j++) {
        for (int k = 0; k < a[i][j].length; k++) {
          s += a[i][j][k] * b[i][j][k];
        }
      }
    }
    return s;
  }
}
