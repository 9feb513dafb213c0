package io.jgrad.bench.rows;

import io.jgrad.Grad;

/**
 * Row {@code gp_lml}: the log marginal likelihood of a Gaussian process with the unit
 * squared-exponential kernel and noise variance s,
 *
 * <pre>
 *   C = K + s I,  K[i][j] = exp(-(x_i - x_j)^2 / 2),
 *   lml = -(n log(2 pi) + log det C + y^T C^-1 y) / 2,
 * </pre>
 *
 * <p>through a Cholesky factor L of C written in Java: {@code log det C = 2 sum log L[i][i]} and
 * {@code y^T C^-1 y = |z|^2} with {@code L z = y} (forward substitution). The suite's inputs are
 * x = 0, 0.2, ..., 25.4 (128 points), y 128 standard normals, s = 1.0; jgrad differentiates with
 * respect to x, y and s.
 */
public final class GpLml {
  /** {@code log(2 pi)}. */
  public static final double LOG_2PI = 1.8378770664093453;

  private GpLml() {}

  @Grad
  public static double lml(double[] x, double[] y, double s) {
    int n = x.length;
    double[][] c = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double d = x[i] - x[j];
        c[i][j] = Math.exp(-0.5 * (d * d));
      }
      c[i][i] += s;
    }
    double[][] l = new double[n][n];
    for (int j = 0; j < n; j++) {
      double dj = c[j][j];
      for (int k = 0; k < j; k++) {
        dj -= l[j][k] * l[j][k];
      }
      l[j][j] = Math.sqrt(dj);
      for (int i = j + 1; i < n; i++) {
        double t = c[i][j];
        for (int k = 0; k < j; k++) {
          t -= l[i][k] * l[j][k];
        }
        l[i][j] = t / l[j][j];
      }
    }
    double[] z = new double[n];
    for (int i = 0; i < n; i++) {
      double t = y[i];
      for (int k = 0; k < i; k++) {
        t -= l[i][k] * z[k];
      }
      z[i] = t / l[i][i];
    }
    double quad = 0.0;
    double logDet = 0.0;
    for (int i = 0; i < n; i++) {
      quad += z[i] * z[i];
      logDet += Math.log(l[i][i]);
    }
    return -0.5 * (n * LOG_2PI + 2.0 * logDet + quad);
  }
}
