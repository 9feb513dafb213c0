package io.jgrad.check.fakes;

/**
 * {@code f(p, a) = a * sum_ijk sin(p.w[i][j][k]) + p.bias^2} (null sub-matrices and rows, and a
 * null {@code w}, skipped): a record with a {@code double[][][]} component, correct rules.
 */
public final class FilterEnergy {
  private FilterEnergy() {}

  static double f(Filters p, double a) {
    double s = 0;
    if (p.w() != null) {
      for (double[][] m : p.w()) {
        if (m == null) {
          continue;
        }
        for (double[] row : m) {
          if (row == null) {
            continue;
          }
          for (double v : row) {
            s += Math.sin(v);
          }
        }
      }
    }
    return a * s + p.bias() * p.bias();
  }
}
