package io.jgrad.bench.rows;

import io.jgrad.Grad;
import io.jgrad.NoGrad;

/**
 * The Jacobian row: the residuals of a least-squares fit of a sum of exponentials
 * {@code model(t) = sum_i p[2i] exp(-p[2i+1] t)} to data {@code (t[j], y[j])}, the shape of
 * problem Levenberg-Marquardt solves with the Jacobian of the residuals.
 */
public final class ExponentialFit {
  private ExponentialFit() {}

  @Grad
  public static double[] residuals(double[] p, @NoGrad double[] t, @NoGrad double[] y) {
    double[] r = new double[t.length];
    for (int j = 0; j < t.length; j++) {
      double model = 0;
      for (int i = 0; i + 1 < p.length; i += 2) {
        model += p[i] * Math.exp(-p[i + 1] * t[j]);
      }
      r[j] = model - y[j];
    }
    return r;
  }

  /**
   * The Jacobian written by hand from the closed form: {@code dr_j/dp[2i] = exp(-p[2i+1] t_j)},
   * {@code dr_j/dp[2i+1] = -p[2i] t_j exp(-p[2i+1] t_j)}.
   */
  public static double[][] handJacobian(double[] p, double[] t) {
    double[][] jacobian = new double[t.length][p.length];
    for (int j = 0; j < t.length; j++) {
      for (int i = 0; i + 1 < p.length; i += 2) {
        double e = Math.exp(-p[i + 1] * t[j]);
        jacobian[j][i] = e;
        jacobian[j][i + 1] = -p[i] * t[j] * e;
      }
    }
    return jacobian;
  }
}
