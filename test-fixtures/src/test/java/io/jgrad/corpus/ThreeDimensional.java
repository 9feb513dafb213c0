package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * {@code double[][][]} parameters and locals: filters and images of a small convolution, a
 * jagged local built from helper results, and a tensor written in place.
 */
public final class ThreeDimensional {
  private ThreeDimensional() {}

  private static double[][] correlate(double[][] image, double[][] filter, double bias) {
    int n = image.length - filter.length + 1;
    int m = image[0].length - filter[0].length + 1;
    double[][] out = new double[n][m];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++) {
        double s = bias;
        for (int a = 0; a < filter.length; a++) {
          for (int b = 0; b < filter[a].length; b++) {
            s += image[i + a][j + b] * filter[a][b];
          }
        }
        out[i][j] = Math.tanh(s);
      }
    }
    return out;
  }

  /** Feature maps kept in a jagged local double[][][] whose matrices are helper results. */
  @Grad
  public static double convLoss(double[][][] filters, double[] biases, double[][][] images) {
    double[][][] maps = new double[filters.length][][];
    double total = 0.0;
    for (double[][] image : images) {
      for (int f = 0; f < filters.length; f++) {
        maps[f] = correlate(image, filters[f], biases[f]);
      }
      for (double[][] map : maps) {
        for (double[] row : map) {
          for (double v : row) {
            total += v * v;
          }
        }
      }
    }
    return total;
  }

  /** Writes its tensor argument in place; a new tensor is allocated and filled. */
  @Grad
  public static double normaliseInPlace(double[][][] t, double k) {
    double[][][] squares = new double[t.length][2][];
    double s = 0.0;
    for (int i = 0; i < t.length; i++) {
      for (int j = 0; j < t[i].length; j++) {
        for (int l = 0; l < t[i][j].length; l++) {
          t[i][j][l] = k * t[i][j][l] / (1.0 + t[i][j][l] * t[i][j][l]);
          s += t[i][j][l];
        }
      }
      squares[i][0] = new double[] {s * s};
      squares[i][1] = t[i][0];
    }
    return s + squares[t.length - 1][0][0] + squares[0][1][0];
  }
}
