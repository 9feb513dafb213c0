package io.jgrad.bench.rows;

import io.jgrad.Grad;

/**
 * Rows {@code kron_sum} and {@code kron_view_sum}: {@code sum(kron(A, B))} with the Kronecker product
 * materialised into a local {@code double[][]} (800 x 800 for A 20 x 20, B 40 x 40) and then summed,
 * and the same applied to a view: {@code kron_sum(A[0:view, 0:view], upperTriangular(B))}.
 */
public final class KronSum {
  private KronSum() {}

  /** {@code sum(kron(a, b))}: {@code k[i*mb + p][j*nb + q] = a[i][j] * b[p][q]}, then the sum of k. */
  @Grad
  public static double kronSum(double[][] a, double[][] b) {
    int ma = a.length;
    int na = a[0].length;
    int mb = b.length;
    int nb = b[0].length;
    double[][] k = new double[ma * mb][na * nb];
    for (int i = 0; i < ma; i++) {
      for (int p = 0; p < mb; p++) {
        for (int j = 0; j < na; j++) {
          for (int q = 0; q < nb; q++) {
            k[i * mb + p][j * nb + q] = a[i][j] * b[p][q];
          }
        }
      }
    }
    double s = 0.0;
    for (int r = 0; r < k.length; r++) {
      for (int c = 0; c < k[r].length; c++) {
        s += k[r][c];
      }
    }
    return s;
  }

  /**
   * {@code kron_sum(a[0:view, 0:view], upperTriangular(b))}: the view and the upper triangle of b
   * (its strict lower triangle counts as 0) are copied into locals, then {@link #kronSum} is called
   * on them (composed through its generated rule).
   */
  @Grad
  public static double kronViewSum(double[][] a, double[][] b, int view) {
    double[][] av = new double[view][view];
    for (int i = 0; i < view; i++) {
      for (int j = 0; j < view; j++) {
        av[i][j] = a[i][j];
      }
    }
    int n = b.length;
    double[][] bu = new double[n][n];
    for (int p = 0; p < n; p++) {
      for (int q = p; q < n; q++) {
        bu[p][q] = b[p][q];
      }
    }
    return kronSum(av, bu);
  }
}
