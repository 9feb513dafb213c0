package io.jgrad.bench.peers;

import io.jgrad.bench.rows.Gmm;
import org.hipparchus.special.Gamma;

/**
 * The {@code gmm} row's value and gradient written by hand: one pass over the points that computes
 * each point's {@code beta_ic} (keeping {@code v = x_i - mu_c} and {@code z = Q_c v} for the K
 * components) and back-propagates them at once with the posterior weights
 * {@code w_c = exp(beta_ic - lse_i)}:
 *
 * <pre>
 *   dalpha_c += w_c,   dmu_c += w_c Q_c^T z,   dq_cj += w_c (1 - z_j v_j exp(q_cj)),
 *   dl_c(row, col) -= w_c z_row v_col,
 * </pre>
 *
 * <p>then {@code dalpha -= N softmax(alpha)} and the prior's {@code dq_cj += m - gamma^2 exp(2 q_cj)},
 * {@code dl_c -= gamma^2 l_c}. Gradient layout: alpha, mu, q, l, each row by row.
 */
public final class HandWrittenGmm {
  private HandWrittenGmm() {}

  public static double logPosterior(double[] alpha, double[][] mu, double[][] q, double[][] l,
      double[][] x, double gamma, int m, double[] g) {
    int k = alpha.length;
    int n = x.length;
    int d = x[0].length;
    int lsz = d * (d - 1) / 2;
    int muOff = k;
    int qOff = k + k * d;
    int lOff = k + 2 * k * d;
    java.util.Arrays.fill(g, 0.0);
    double[][] qdiag = new double[k][d];
    double[] sumQ = new double[k];
    for (int c = 0; c < k; c++) {
      for (int j = 0; j < d; j++) {
        qdiag[c][j] = Math.exp(q[c][j]);
        sumQ[c] += q[c][j];
      }
    }
    double[][] v = new double[k][d];
    double[][] z = new double[k][d];
    double[] qtz = new double[d];
    double[] beta = new double[k];
    double slse = 0.0;
    for (int i = 0; i < n; i++) {
      double[] xi = x[i];
      for (int c = 0; c < k; c++) {
        double[] vc = v[c];
        double[] zc = z[c];
        double[] qd = qdiag[c];
        double[] lc = l[c];
        double[] muc = mu[c];
        for (int j = 0; j < d; j++) {
          vc[j] = xi[j] - muc[j];
        }
        for (int j = 0; j < d; j++) {
          zc[j] = qd[j] * vc[j];
        }
        int p = 0;
        for (int col = 0; col < d; col++) {
          for (int row = col + 1; row < d; row++) {
            zc[row] += lc[p] * vc[col];
            p++;
          }
        }
        double s = 0.0;
        for (int j = 0; j < d; j++) {
          s += zc[j] * zc[j];
        }
        beta[c] = alpha[c] + sumQ[c] - 0.5 * s;
      }
      double lse = Gmm.logSumExp(beta);
      slse += lse;
      for (int c = 0; c < k; c++) {
        double w = Math.exp(beta[c] - lse);
        double[] vc = v[c];
        double[] zc = z[c];
        double[] qd = qdiag[c];
        double[] lc = l[c];
        g[c] += w;
        int qBase = qOff + c * d;
        for (int j = 0; j < d; j++) {
          g[qBase + j] += w * (1.0 - zc[j] * vc[j] * qd[j]);
          qtz[j] = qd[j] * zc[j];
        }
        int lBase = lOff + c * lsz;
        int p = 0;
        for (int col = 0; col < d; col++) {
          double vcol = vc[col];
          double t = qtz[col];
          for (int row = col + 1; row < d; row++) {
            t += lc[p] * zc[row];
            g[lBase + p] -= w * zc[row] * vcol;
            p++;
          }
          qtz[col] = t;
        }
        int muBase = muOff + c * d;
        for (int j = 0; j < d; j++) {
          g[muBase + j] += w * qtz[j];
        }
      }
    }
    double lseAlpha = Gmm.logSumExp(alpha);
    for (int c = 0; c < k; c++) {
      g[c] -= n * Math.exp(alpha[c] - lseAlpha);
    }
    double logLikelihood = slse - n * (d * Gmm.HALF_LOG_2PI + lseAlpha);
    // the Wishart prior
    int dof = d + m + 1;
    double multiGamma = 0.25 * d * (d - 1) * Math.log(Math.PI);
    for (int j = 1; j <= d; j++) {
      multiGamma += Gamma.logGamma(0.5 * dof + 0.5 * (1 - j));
    }
    double constant = dof * d * (Math.log(gamma) - 0.5 * Math.log(2)) - multiGamma;
    double g2 = gamma * gamma;
    double out = 0.0;
    for (int c = 0; c < k; c++) {
      double[] qd = qdiag[c];
      double[] lc = l[c];
      double frobenius = 0.0;
      for (int j = 0; j < d; j++) {
        frobenius += qd[j] * qd[j];
      }
      double lower = 0.0;
      for (int p = 0; p < lsz; p++) {
        lower += lc[p] * lc[p];
      }
      frobenius += lower;
      out += 0.5 * g2 * frobenius - m * sumQ[c];
      int qBase = qOff + c * d;
      for (int j = 0; j < d; j++) {
        g[qBase + j] += m - g2 * qd[j] * qd[j];
      }
      int lBase = lOff + c * lsz;
      for (int p = 0; p < lsz; p++) {
        g[lBase + p] -= g2 * lc[p];
      }
    }
    return logLikelihood + (k * constant - out);
  }
}
