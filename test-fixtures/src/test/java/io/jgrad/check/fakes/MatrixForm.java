package io.jgrad.check.fakes;

/** {@code f(w, x) = sum_i (w[i] . x)^2} with a {@code double[][]} parameter, correct rules. */
public final class MatrixForm {
  private MatrixForm() {}

  static double f(double[][] w, double[] x) {
    double s = 0;
    for (int i = 0; i < w.length; i++) {
      double z = 0;
      for (int j = 0; j < x.length; j++) {
        z += w[i][j] * x[j];
      }
      s += z * z;
    }
    return s;
  }
}
