package io.jgrad.bench.rows;

import io.jgrad.Grad;
import io.jgrad.NoGrad;
import org.hipparchus.special.Gamma;

/**
 * Row {@code gmm}: GradBench's Gaussian-mixture log posterior (ADBench's GMM objective with
 * GradBench's three corrections: the likelihood and the prior have the same sign, the precision
 * matrix is {@code Q^T Q} with Q filled column by column, and the Wishart prior is over the
 * precision matrices). For K components in D dimensions and N points x_i:
 *
 * <pre>
 *   beta_ik = alpha_k + sum_j q_kj - |Q_k (x_i - mu_k)|^2 / 2
 *   log p   = sum_i logsumexp_k(beta_ik) - N (D log(2 pi) / 2 + logsumexp(alpha))
 *           + K (n D log(gamma / sqrt 2) - log Gamma_D(n / 2))
 *           - sum_k (gamma^2 / 2 |Q_k|_F^2 - m sum_j q_kj),           n = D + m + 1,
 * </pre>
 *
 * <p>where {@code Q_k} is lower triangular with diagonal {@code exp(q_k)} and, below it,
 * {@code l_k} column by column. Written as ordinary Java: small static helpers, work arrays reused
 * across points, Hipparchus' {@code Gamma.logGamma} for the constant (data only, so jgrad calls it
 * as it is).
 */
public final class Gmm {
  private Gmm() {}

  /** {@code log(2 pi) / 2}. */
  public static final double HALF_LOG_2PI = 0.9189385332046728;

  /**
   * The log posterior.
   *
   * @param alpha K mixture weights before the softmax
   * @param mu K x D means
   * @param q K x D logarithms of the diagonals of the precision factors
   * @param l K x D(D-1)/2 strictly lower triangular parts of the precision factors, by columns
   * @param x N x D points (data)
   * @param gamma precision of the Wishart prior (data)
   * @param m additional degrees of freedom of the Wishart prior
   */
  @Grad
  public static double logPosterior(double[] alpha, double[][] mu, double[][] q, double[][] l,
      @NoGrad double[][] x, @NoGrad double gamma, int m) {
    int k = alpha.length;
    int n = x.length;
    int d = x[0].length;
    double[][] qdiag = new double[k][d];
    double[] sumQ = new double[k];
    for (int c = 0; c < k; c++) {
      for (int j = 0; j < d; j++) {
        qdiag[c][j] = Math.exp(q[c][j]);
        sumQ[c] += q[c][j];
      }
    }
    double[] centered = new double[d];
    double[] qx = new double[d];
    double[] beta = new double[k];
    double slse = 0.0;
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < k; c++) {
        for (int j = 0; j < d; j++) {
          centered[j] = x[i][j] - mu[c][j];
        }
        qTimesX(qdiag[c], l[c], centered, qx);
        beta[c] = alpha[c] + sumQ[c] - 0.5 * sqnorm(qx);
      }
      slse += logSumExp(beta);
    }
    double logLikelihood = slse - n * (d * HALF_LOG_2PI + logSumExp(alpha));
    return logLikelihood + logWishartPrior(qdiag, sumQ, l, gamma, m);
  }

  /** {@code out = Q v}, Q lower triangular: diagonal {@code diag}, {@code lower} below it. */
  static void qTimesX(double[] diag, double[] lower, double[] v, double[] out) {
    int d = v.length;
    for (int j = 0; j < d; j++) {
      out[j] = diag[j] * v[j];
    }
    int p = 0;
    for (int col = 0; col < d; col++) {
      for (int row = col + 1; row < d; row++) {
        out[row] += lower[p] * v[col];
        p++;
      }
    }
  }

  static double sqnorm(double[] v) {
    double s = 0.0;
    for (int j = 0; j < v.length; j++) {
      s += v[j] * v[j];
    }
    return s;
  }

  /** {@code log sum exp(v_i)}, computed stably from the largest entry (the peers use it too). */
  public static double logSumExp(double[] v) {
    double max = v[0];
    for (int i = 1; i < v.length; i++) {
      if (v[i] > max) {
        max = v[i];
      }
    }
    double sum = 0.0;
    for (int i = 0; i < v.length; i++) {
      sum += Math.exp(v[i] - max);
    }
    return Math.log(sum) + max;
  }

  /** The log density of the Wishart prior, summed over the components. */
  static double logWishartPrior(double[][] qdiag, double[] sumQ, double[][] l, double gamma,
      int m) {
    int k = qdiag.length;
    int d = qdiag[0].length;
    int n = d + m + 1;
    double c = n * d * (Math.log(gamma) - 0.5 * Math.log(2)) - logMultivariateGamma(0.5 * n, d);
    double out = 0.0;
    for (int ik = 0; ik < k; ik++) {
      double frobenius = sqnorm(qdiag[ik]) + sqnorm(l[ik]);
      out += 0.5 * gamma * gamma * frobenius - m * sumQ[ik];
    }
    return k * c - out;
  }

  /** {@code log Gamma_p(a)}, the multivariate gamma function. */
  static double logMultivariateGamma(double a, int p) {
    double s = 0.25 * p * (p - 1) * Math.log(Math.PI);
    for (int j = 1; j <= p; j++) {
      s += Gamma.logGamma(a + 0.5 * (1 - j));
    }
    return s;
  }
}
