package io.jgrad.hipparchus;

import io.jgrad.CustomRules;
import io.jgrad.Dual;
import org.hipparchus.special.Beta;

/**
 * Custom rules for {@link Beta#logBeta(double, double)}: {@code d/da log B(a, b) = digamma(a) -
 * digamma(a + b)}, {@code d/db log B(a, b) = digamma(b) - digamma(a + b)}, with {@link
 * Polygamma#digamma}. The value is Hipparchus' own, bit for bit (NaN unless {@code a > 0} and
 * {@code b > 0}). jgrad differentiates the reverse rule, so methods calling {@code logBeta} get
 * second-order rules.
 *
 * <p>Where one argument is much larger than the other, the difference of digammas cancels: for
 * {@code a = 1000, b = 0.001}, {@code d/da} (about {@code -1e-6}) keeps about 10 significant
 * digits.
 */
@CustomRules(Beta.class)
public final class BetaRules {
  private BetaRules() {}

  public static Dual logBeta(double a, double aDot, double b, double bDot) {
    double psiSum = Polygamma.digamma(a + b);
    double dA = Polygamma.digamma(a) - psiSum;
    double dB = Polygamma.digamma(b) - psiSum;
    return new Dual(Beta.logBeta(a, b), dA * aDot + dB * bDot);
  }

  public static double logBetaAdjoint(double a, double b, double seed, double[] scalarBars) {
    double psiSum = Polygamma.digamma(a + b);
    scalarBars[0] += seed * (Polygamma.digamma(a) - psiSum);
    scalarBars[1] += seed * (Polygamma.digamma(b) - psiSum);
    return Beta.logBeta(a, b);
  }
}
