package io.jgrad.bench.peers;

import static io.jgrad.bench.rows.LogDensity100k.HALF_LOG_2PI;
import static io.jgrad.bench.rows.LogDensity100k.HI;
import static io.jgrad.bench.rows.LogDensity100k.LO;
import static io.jgrad.bench.rows.LogDensity100k.LOG_PRIOR_SD;
import static io.jgrad.bench.rows.LogDensity100k.LOG_WIDTH;
import static io.jgrad.bench.rows.LogDensity100k.LOG_Z;
import static io.jgrad.bench.rows.LogDensity100k.PRIOR_MEAN;
import static io.jgrad.bench.rows.LogDensity100k.PRIOR_SD;

import io.jgrad.bench.rows.LargeSingleBlock;

/**
 * Value and gradient of each row written by hand, the way an expert writes an adjoint: one pass, no
 * tape where none is needed, the gradient written (not added) into a caller-owned buffer so that no
 * zeroing pass is needed. Each returns the value computed with the primal's operations in the
 * primal's order, so it is bit for bit the primal's.
 */
public final class HandWritten {
  private HandWritten() {}

  /** {@code sum(x)}; both loop forms. */
  public static double sum(double[] x, double[] g) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += x[i];
      g[i] = 1.0;
    }
    return s;
  }

  /** {@code sum(sin(x_i))}; both loop forms. */
  public static double sumSin(double[] x, double[] g) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      double xi = x[i];
      s += Math.sin(xi);
      g[i] = Math.cos(xi);
    }
    return s;
  }

  /** {@code sum(cos(exp(x_i)))}. */
  public static double sumCosExp(double[] x, double[] g) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      double e = Math.exp(x[i]);
      s += Math.cos(e);
      g[i] = -Math.sin(e) * e;
    }
    return s;
  }

  /** {@code sum(5 * x_i)}. */
  public static double sum5x(double[] x, double[] g) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += 5 * x[i];
      g[i] = 5.0;
    }
    return s;
  }

  /**
   * {@code y = x[0] * x[1]^400} by 400 multiplications (both forms). The expert uses the structure:
   * {@code dy/dx[0] = a^400} and {@code dy/da = 400 x[0] a^399}, with the powers of {@code a} built by
   * a second chain of multiplications that runs next to the primal's (independent chains pipeline),
   * nothing stored.
   */
  public static double largeSingleBlock(double[] x, double[] g) {
    double y = x[0];
    double a = x[1];
    double power = 1.0;
    double previous = 1.0;
    for (int n = 0; n < LargeSingleBlock.BLOCK; n++) {
      previous = power;
      power = power * a;
      y = y * a;
    }
    g[0] = power;
    g[1] = LargeSingleBlock.BLOCK * x[0] * previous;
    return y;
  }

  /**
   * The log density of {@code LogDensity100k} and its gradient with respect to theta only (an expert
   * does not differentiate with respect to the data). The likelihood's adjoint needs only
   * {@code sum z_i} and {@code sum z_i^2}, accumulated in the same pass as the value.
   */
  public static double logDensity(double theta0, double theta1, double[] x, double[] g) {
    double e0 = Math.exp(-theta0);
    double d0 = 1 + e0;
    double mu = LO + (HI - LO) / d0;
    double e1 = Math.exp(-theta1);
    double d1 = 1 + e1;
    double sigma = LO + (HI - LO) / d1;
    double zMu = (mu - PRIOR_MEAN) / PRIOR_SD;
    double zSigma = (sigma - PRIOR_MEAN) / PRIOR_SD;
    double lp = (-0.5 * zMu * zMu - LOG_PRIOR_SD - HALF_LOG_2PI - LOG_Z)
        + (LOG_WIDTH - theta0 - 2 * Math.log1p(e0))
        + (-0.5 * zSigma * zSigma - LOG_PRIOR_SD - HALF_LOG_2PI - LOG_Z)
        + (LOG_WIDTH - theta1 - 2 * Math.log1p(e1));
    double logSigma = Math.log(sigma);
    double ll = 0;
    double sumZ = 0;
    double sumZz = 0;
    for (int i = 0; i < x.length; i++) {
      double lx = Math.log(x[i]);
      double z = (lx - mu) / sigma;
      double zz = 0.5 * z * z;
      ll += -lx - logSigma - HALF_LOG_2PI - zz;
      sumZ += z;
      sumZz += zz;
    }
    // d ll / d mu = sum z / sigma;  d ll / d sigma = (sum z^2 - n) / sigma
    double muBar = -zMu / PRIOR_SD + sumZ / sigma;
    double sigmaBar = -zSigma / PRIOR_SD + (2 * sumZz - x.length) / sigma;
    // d mu / d theta = (HI - LO) e / (1 + e)^2;  d logJacobian / d theta = -1 + 2 e / (1 + e)
    g[0] = muBar * ((HI - LO) * e0 / (d0 * d0)) - 1 + 2 * e0 / d0;
    g[1] = sigmaBar * ((HI - LO) * e1 / (d1 * d1)) - 1 + 2 * e1 / d1;
    return lp + ll;
  }
}
