package io.jgrad.hipparchus;

import io.jgrad.Grad;
import io.jgrad.NoGrad;
import org.hipparchus.special.Beta;
import org.hipparchus.special.Erf;
import org.hipparchus.special.Gamma;

/**
 * {@code @Grad} methods calling Hipparchus' special functions. They are compiled in another
 * javac run than the rules (the test sources), with the module's classes on the class path and
 * none of Hipparchus' sources: jgrad can differentiate them only through the index {@code
 * io/jgrad/rules/org.hipparchus.special.*} the main compilation wrote, which is how a
 * user's build finds the rules in the {@code jgrad-hipparchus} jar.
 */
final class SpecialFunctionModels {
  private SpecialFunctionModels() {}

  /** erf, erfc and the two-argument erf, composed. */
  @Grad
  static double errorFunctions(double x, double y) {
    return Erf.erf(x * y) + Erf.erfc(x - y) + Erf.erf(x, y);
  }

  /** log of the Beta(a, b) density at x in (0, 1). */
  @Grad
  static double betaLogDensity(double x, double a, double b) {
    return (a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x) - Beta.logBeta(a, b);
  }

  /** log of Student's t density with nu degrees of freedom, location mu, scale 1. */
  @Grad
  static double studentTLogDensity(double x, double mu, double nu) {
    double z = x - mu;
    return Gamma.logGamma(0.5 * (nu + 1)) - Gamma.logGamma(0.5 * nu)
        - 0.5 * Math.log(nu * Math.PI) - 0.5 * (nu + 1) * Math.log1p(z * z / nu);
  }

  /** The whole chain: gamma, digamma and trigamma (whose second derivative is pentagamma). */
  @Grad
  static double polygammas(double x) {
    return Gamma.digamma(x) * Gamma.trigamma(x) + Gamma.gamma(x) + Gamma.logGamma1p(x - 1);
  }

  /**
   * Twice the normal quantile of p, once through each inverse: {@code sqrt(2) erfInv(2p - 1)}
   * and {@code -sqrt(2) erfcInv(2p)} are both the quantile.
   */
  @Grad
  static double twiceNormalQuantile(double p) {
    return Math.sqrt(2) * (Erf.erfInv(2 * p - 1) - Erf.erfcInv(2 * p));
  }

  /**
   * A Poisson log-likelihood of counts with rate {@code exp(eta)}, summed over an array: custom
   * rules in a loop, and {@code logGamma} of data called as it is.
   */
  @Grad
  static double poissonLogLikelihood(double[] eta, @NoGrad double[] counts) {
    double s = 0;
    for (int i = 0; i < eta.length; i++) {
      s += counts[i] * eta[i] - Math.exp(eta[i]) - Gamma.logGamma(counts[i] + 1);
    }
    return s;
  }
}
