package io.jgrad.corpus.rows;

import io.jgrad.Grad;

/**
 * Methods whose rows end up shared or are passed twice, which GradCheck's positional comparison
 * cannot describe; {@link RowSharingTest} checks them against hand-derived gradients.
 */
public final class RowSharing {
  private RowSharing() {}

  /** Row 1's object moved into row 0: both positions then hold one row (issue 8, item 5). */
  @Grad
  public static double moveRow(double a, double[][] m) {
    m[0] = m[1];
    return a * m[0][0];
  }

  /** A local copy of the outer array whose rows are only read (issue 8, item 6). */
  @Grad
  public static double readsThroughOuterCopy(double[][] m, double[] y) {
    double[][] q = m.clone();
    double s = 0.0;
    for (int i = 0; i < q.length; i++) {
      s += q[i][0] * y[i % y.length];
    }
    return s;
  }
}
