package io.jgrad.check.fakes;

/**
 * {@code f(t, x) = t.scale * (sum_ij t.a[i][j] * x[j]^2 + sum_k sin(t.b[t.idx[k]]))} over the
 * non-null rows of {@code t.a} (ragged, each at most as long as x) and, if {@code t.b} is not
 * null, the indices {@code t.idx}: a record holding a matrix, a vector, indices and a scale, with
 * correct rules.
 */
public final class TableEnergy {
  private TableEnergy() {}

  static double f(Table t, double[] x) {
    return t.scale() * (quadratic(t, x) + sines(t));
  }

  static double quadratic(Table t, double[] x) {
    double s = 0;
    if (t.a() != null) {
      for (double[] row : t.a()) {
        if (row != null) {
          for (int j = 0; j < row.length; j++) {
            s += row[j] * x[j] * x[j];
          }
        }
      }
    }
    return s;
  }

  static double sines(Table t) {
    double s = 0;
    if (t.b() != null) {
      for (int k : t.idx()) {
        s += Math.sin(t.b()[k]);
      }
    }
    return s;
  }
}
