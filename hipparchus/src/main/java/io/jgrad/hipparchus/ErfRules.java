package io.jgrad.hipparchus;

import io.jgrad.CustomRules;
import io.jgrad.Dual;
import org.hipparchus.special.Erf;

/**
 * Custom rules for {@link Erf}: with {@code jgrad-hipparchus} on the class path, code that jgrad
 * differentiates may call {@code Erf.erf(x)}, {@code Erf.erfc(x)}, {@code Erf.erf(x1, x2)},
 * {@code Erf.erfInv(x)} and {@code Erf.erfcInv(x)}.
 *
 * <p>The derivatives are {@code d erf(x)/dx = 2/sqrt(pi) exp(-x^2) = -d erfc(x)/dx} and, for the
 * inverses, {@code d erfInv(x)/dx = sqrt(pi)/2 exp(erfInv(x)^2) = -d erfcInv(x)/dx}. Values are
 * Hipparchus' own, bit for bit. Each reverse rule is ordinary code jgrad differentiates (Math
 * functions and these targets), so methods calling them get second-order rules too ({@code
 * fHvp}, {@code fHessian}). {@link org.hipparchus.special.Erf#erf(double, double)} is {@code
 * erf(x2) - erf(x1)}; its derivatives need no cancellation: {@code -2/sqrt(pi) exp(-x1^2)} and
 * {@code 2/sqrt(pi) exp(-x2^2)}.
 */
@CustomRules(Erf.class)
public final class ErfRules {
  private static final double TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI);
  private static final double HALF_SQRT_PI = Math.sqrt(Math.PI) / 2;

  private ErfRules() {}

  public static Dual erf(double x, double xDot) {
    return new Dual(Erf.erf(x), TWO_OVER_SQRT_PI * Math.exp(-x * x) * xDot);
  }

  public static double erfAdjoint(double x, double seed, double[] scalarBars) {
    scalarBars[0] += seed * (TWO_OVER_SQRT_PI * Math.exp(-x * x));
    return Erf.erf(x);
  }

  public static Dual erfc(double x, double xDot) {
    return new Dual(Erf.erfc(x), -TWO_OVER_SQRT_PI * Math.exp(-x * x) * xDot);
  }

  public static double erfcAdjoint(double x, double seed, double[] scalarBars) {
    scalarBars[0] -= seed * (TWO_OVER_SQRT_PI * Math.exp(-x * x));
    return Erf.erfc(x);
  }

  /** {@code erf(x2) - erf(x1)}. */
  public static Dual erf(double x1, double x1Dot, double x2, double x2Dot) {
    double tangent = TWO_OVER_SQRT_PI * (Math.exp(-x2 * x2) * x2Dot - Math.exp(-x1 * x1) * x1Dot);
    return new Dual(Erf.erf(x1, x2), tangent);
  }

  public static double erfAdjoint(double x1, double x2, double seed, double[] scalarBars) {
    scalarBars[0] -= seed * (TWO_OVER_SQRT_PI * Math.exp(-x1 * x1));
    scalarBars[1] += seed * (TWO_OVER_SQRT_PI * Math.exp(-x2 * x2));
    return Erf.erf(x1, x2);
  }

  public static Dual erfInv(double x, double xDot) {
    double y = Erf.erfInv(x);
    return new Dual(y, HALF_SQRT_PI * Math.exp(y * y) * xDot);
  }

  public static double erfInvAdjoint(double x, double seed, double[] scalarBars) {
    double y = Erf.erfInv(x);
    scalarBars[0] += seed * (HALF_SQRT_PI * Math.exp(y * y));
    return y;
  }

  public static Dual erfcInv(double x, double xDot) {
    double y = Erf.erfcInv(x);
    return new Dual(y, -HALF_SQRT_PI * Math.exp(y * y) * xDot);
  }

  public static double erfcInvAdjoint(double x, double seed, double[] scalarBars) {
    double y = Erf.erfcInv(x);
    scalarBars[0] -= seed * (HALF_SQRT_PI * Math.exp(y * y));
    return y;
  }
}
