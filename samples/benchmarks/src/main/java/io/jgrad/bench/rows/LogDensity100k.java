package io.jgrad.bench.rows;

import io.jgrad.Grad;
import io.jgrad.NoGrad;

/**
 * Row {@code logdensity_100k}: a Turing-style log density, modelled on Mooncake.jl's
 * {@code turing_broadcast_benchmark}:
 *
 * <pre>
 *   mu    ~ truncated(Normal(1, 2), 0.1, 10)
 *   sigma ~ truncated(Normal(1, 2), 0.1, 10)
 *   x[i]  ~ LogNormal(mu, sigma),  i = 1..100,000
 * </pre>
 *
 * <p>evaluated, as a sampler does, at unconstrained parameters {@code theta = (theta0, theta1)}:
 * each bounded parameter is {@code LO + (HI - LO) * logistic(theta_k)}, and the log density gains the
 * log-Jacobian of that map. The priors are the truncated normals' full log densities: the normal log
 * density minus the log of the truncation mass {@link #LOG_Z} = {@code log(Phi(4.5) - Phi(-0.45))}.
 * Inside the bounds (always, for finite theta) truncation only adds that constant, so it changes the
 * value, never the gradient; {@code LOG_Z} is a literal because jgrad reads compile-time constants
 * only, and a test recomputes it with Hipparchus' {@code erf}.
 *
 * <p>The data {@code x} is a {@code double[]} parameter and therefore differentiable to jgrad: its
 * rules also compute the 100,000 derivatives with respect to the data, which no sampler needs.
 */
public final class LogDensity100k {
  /** Lower bound of both truncated priors. */
  public static final double LO = 0.1;
  /** Upper bound of both truncated priors. */
  public static final double HI = 10.0;
  /** Mean of both priors before truncation. */
  public static final double PRIOR_MEAN = 1.0;
  /** Standard deviation of both priors before truncation. */
  public static final double PRIOR_SD = 2.0;
  /** {@code log(Phi((HI - PRIOR_MEAN) / PRIOR_SD) - Phi((LO - PRIOR_MEAN) / PRIOR_SD))}. */
  public static final double LOG_Z = -0.3950573837976776;
  /** {@code log(HI - LO)}. */
  public static final double LOG_WIDTH = 2.2925347571405443;
  /** {@code log(PRIOR_SD)}. */
  public static final double LOG_PRIOR_SD = 0.6931471805599453;
  /** {@code log(2 pi) / 2}. */
  public static final double HALF_LOG_2PI = 0.9189385332046727;

  private LogDensity100k() {}

  @Grad
  public static double logDensity(double theta0, double theta1, @NoGrad double[] x) {
    double mu = fromUnconstrained(theta0);
    double sigma = fromUnconstrained(theta1);
    double lp = truncatedNormalLogpdf(mu) + logJacobian(theta0)
        + truncatedNormalLogpdf(sigma) + logJacobian(theta1);
    double logSigma = Math.log(sigma);
    double ll = 0;
    for (int i = 0; i < x.length; i++) {
      double lx = Math.log(x[i]);
      double z = (lx - mu) / sigma;
      ll += -lx - logSigma - HALF_LOG_2PI - 0.5 * z * z;
    }
    return lp + ll;
  }

  /** {@code LO + (HI - LO) * logistic(t)}: maps the real line onto the prior's support. */
  @Grad
  public static double fromUnconstrained(double t) {
    return LO + (HI - LO) / (1 + Math.exp(-t));
  }

  /** {@code log d/dt fromUnconstrained(t) = log(HI - LO) - t - 2 log(1 + exp(-t))}. */
  @Grad
  public static double logJacobian(double t) {
    return LOG_WIDTH - t - 2 * Math.log1p(Math.exp(-t));
  }

  /** Log density of {@code truncated(Normal(PRIOR_MEAN, PRIOR_SD), LO, HI)} inside its bounds. */
  @Grad
  public static double truncatedNormalLogpdf(double v) {
    double z = (v - PRIOR_MEAN) / PRIOR_SD;
    return -0.5 * z * z - LOG_PRIOR_SD - HALF_LOG_2PI - LOG_Z;
  }
}
