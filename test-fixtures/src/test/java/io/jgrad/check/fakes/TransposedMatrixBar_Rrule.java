package io.jgrad.check.fakes;

/** Broken: wBar[j][i] instead of wBar[i][j] (w is square in the tests). */
final class TransposedMatrixBar_Rrule {
  private TransposedMatrixBar_Rrule() {}

  static MatrixForm_Rrule.FGradient f(double[][] w, double[] x) {
    double[][] wBar = new double[w.length][w.length];
    double[] xBar = new double[x.length];
    double value = fAdjoint(w, wBar, x, xBar, 1);
    return new MatrixForm_Rrule.FGradient(value, wBar, xBar);
  }

  static double fAdjoint(double[][] w, double[][] wBar, double[] x, double[] xBar, double seed) {
    double s = 0;
    double[] z = new double[w.length];
    for (int i = 0; i < w.length; i++) {
      for (int j = 0; j < x.length; j++) {
        z[i] += w[i][j] * x[j];
      }
      s += z[i] * z[i];
    }
    for (int i = 0; i < w.length; i++) {
      double zBar = seed * 2 * z[i];
      for (int j = 0; j < x.length; j++) {
        wBar[j][i] += zBar * x[j];
        xBar[j] += zBar * w[i][j];
      }
    }
    return s;
  }
}
