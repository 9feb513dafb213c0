package io.jgrad.hipparchus;

import io.jgrad.CustomRules;
import io.jgrad.Dual;
import org.hipparchus.special.Gamma;

/**
 * Custom rules for {@link Gamma}: with {@code jgrad-hipparchus} on the class path, code that
 * jgrad differentiates may call {@code Gamma.logGamma(x)}, {@code Gamma.logGamma1p(x)}, {@code
 * Gamma.gamma(x)}, {@code Gamma.digamma(x)} and {@code Gamma.trigamma(x)}.
 *
 * <p>The derivatives form a chain: {@code logGamma' = digamma}, {@code logGamma1p'(x) =
 * digamma(1 + x)}, {@code gamma' = gamma * digamma}, {@code digamma' = trigamma}, {@code
 * trigamma' = tetragamma}, each computed by {@link Polygamma} to a few ulps (Hipparchus' own
 * digamma is off by about 3e-9, see there; tetragamma it lacks). Values are Hipparchus' own,
 * bit for bit.
 *
 * <p>Every reverse rule is ordinary code that jgrad differentiates (the target, which has
 * these rules, and {@code Polygamma}'s {@code @Grad} methods), so methods calling any of these
 * targets get second-order rules ({@code fHvp}, {@code fHessian}); for {@code trigamma} the
 * second derivative is jgrad's derivative of {@code Polygamma.tetragamma}'s code.
 *
 * <p>Domains are Hipparchus': {@code logGamma} is NaN for {@code x <= 0}, {@code logGamma1p}
 * throws outside {@code [-0.5, 1.5]}, {@code gamma} is NaN at {@code 0, -1, -2, ...} and
 * overflows above about 141; {@code digamma} and {@code trigamma} take negative non-integers
 * too (by a recursion as deep as {@code |x|}).
 */
@CustomRules(Gamma.class)
public final class GammaRules {
  private GammaRules() {}

  public static Dual logGamma(double x, double xDot) {
    return new Dual(Gamma.logGamma(x), Polygamma.digamma(x) * xDot);
  }

  public static double logGammaAdjoint(double x, double seed, double[] scalarBars) {
    scalarBars[0] += seed * Polygamma.digamma(x);
    return Gamma.logGamma(x);
  }

  public static Dual logGamma1p(double x, double xDot) {
    return new Dual(Gamma.logGamma1p(x), Polygamma.digamma(1 + x) * xDot);
  }

  public static double logGamma1pAdjoint(double x, double seed, double[] scalarBars) {
    double value = Gamma.logGamma1p(x); // first: it throws outside [-0.5, 1.5]
    scalarBars[0] += seed * Polygamma.digamma(1 + x);
    return value;
  }

  public static Dual gamma(double x, double xDot) {
    double value = Gamma.gamma(x);
    return new Dual(value, value * Polygamma.digamma(x) * xDot);
  }

  public static double gammaAdjoint(double x, double seed, double[] scalarBars) {
    double value = Gamma.gamma(x);
    scalarBars[0] += seed * (value * Polygamma.digamma(x));
    return value;
  }

  public static Dual digamma(double x, double xDot) {
    return new Dual(Gamma.digamma(x), Polygamma.trigamma(x) * xDot);
  }

  public static double digammaAdjoint(double x, double seed, double[] scalarBars) {
    scalarBars[0] += seed * Polygamma.trigamma(x);
    return Gamma.digamma(x);
  }

  public static Dual trigamma(double x, double xDot) {
    return new Dual(Gamma.trigamma(x), Polygamma.tetragamma(x) * xDot);
  }

  public static double trigammaAdjoint(double x, double seed, double[] scalarBars) {
    scalarBars[0] += seed * Polygamma.tetragamma(x);
    return Gamma.trigamma(x);
  }
}
