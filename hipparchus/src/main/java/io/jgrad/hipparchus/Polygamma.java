package io.jgrad.hipparchus;

import io.jgrad.Grad;

/**
 * The polygamma functions {@code psi(x)} (digamma), {@code psi'(x)} (trigamma) and {@code
 * psi''(x)} (tetragamma) to a few ulps: the derivatives in the custom rules of {@link
 * GammaRules} and {@link BetaRules}.
 *
 * <p>Hipparchus lacks tetragamma, and its {@code Gamma.digamma} and {@code Gamma.trigamma}
 * (4.0.3) are less accurate than their neighbours: their asymptotic series, used from {@code x =
 * 49} and reached from smaller {@code x} by recurrence, has a wrong sign on the {@code x^-4} term
 * of digamma and on the {@code x^-7} term of trigamma, so {@code Gamma.digamma(x)} is about
 * {@code 3e-9} too small for every {@code x < 49} ({@code Gamma.digamma(1) = -0.57721566779...}
 * instead of Euler's {@code -0.57721566490...}) and {@code Gamma.trigamma(x)} about {@code 7e-14}
 * too small. The derivative of {@code logGamma}, accurate to {@code 1e-15}, should not be off by
 * {@code 3e-9}: the rules use these functions instead, and so their derivatives differ from
 * {@code Gamma.digamma} and {@code Gamma.trigamma} by those amounts.
 *
 * <p>Each function moves {@code x > 0} up to {@code x + n >= 20} by its recurrence ({@code psi(x)
 * = psi(x + 1) - 1/x}, {@code psi'(x) = psi'(x + 1) + 1/x^2}, {@code psi''(x) = psi''(x + 1) -
 * 2/x^3}), evaluates the asymptotic series there (its coefficients are Bernoulli numbers; the
 * omitted terms are below {@code 1e-18} relative), and adds the recurrence's terms from the
 * smallest to the largest. For {@code x < 0} it uses the reflection formula ({@code psi(x) =
 * psi(1 - x) - pi cot(pi x)} and its derivatives), with {@code pi x} reduced exactly to {@code
 * [-pi/2, pi/2]}; like every function with poles, they lose relative accuracy next to them. At
 * the poles ({@code 0, -1, -2, ...}), for NaN and for {@code -Infinity} they return NaN.
 *
 * <p>They are {@code @Grad} methods: jgrad differentiates their code, so {@code
 * Polygamma_Frule.tetragamma(x, 1.0)} is the pentagamma function {@code psi'''(x)}, and the
 * second-order rules through {@code Gamma.trigamma} use it. A {@code @Grad} method of another
 * build cannot call them (they have no custom rules, and jgrad differentiates only methods whose
 * source is in the build); call Hipparchus' {@code Gamma.digamma} and {@code Gamma.trigamma},
 * which have rules.
 */
public final class Polygamma {
  /** The recurrence moves x up to here; the asymptotic series is accurate beyond. */
  private static final double ASYMPTOTIC_FROM = 20;

  private Polygamma() {}

  /**
   * The digamma function {@code psi(x) = d/dx log Gamma(x)}. Its absolute error is a few ulps of
   * {@code log(max(x, 20))}, so relative accuracy is lost next to its zero at {@code x = 1.4616...}.
   *
   * @return {@code psi(x)}; {@code +Infinity} for {@code +Infinity}
   */
  @Grad
  public static double digamma(double x) {
    if (x > 0) {
      return positiveDigamma(x);
    }
    double r = x - Math.rint(x); // exact; NaN for NaN and -Infinity
    if (r == 0 || Double.isNaN(r)) {
      return Double.NaN; // a pole, NaN or -Infinity
    }
    // cot(pi x) = cot(pi r)
    return positiveDigamma(1 - x) - Math.PI * cosPi(r) / Math.sin(Math.PI * r);
  }

  /**
   * The trigamma function {@code psi'(x) = sum_{k >= 0} 1 / (x + k)^2}, within a few ulps for
   * {@code x > 0}; about {@code 1 / x^2} for tiny {@code x}.
   *
   * @return {@code psi'(x)}; {@code +0.0} for {@code +Infinity}
   */
  @Grad
  public static double trigamma(double x) {
    if (x > 0) {
      return positiveTrigamma(x);
    }
    double r = x - Math.rint(x);
    if (r == 0 || Double.isNaN(r)) {
      return Double.NaN;
    }
    double s = Math.sin(Math.PI * r); // sin(pi x)^2 = sin(pi r)^2
    return Math.PI * Math.PI / (s * s) - positiveTrigamma(1 - x);
  }

  /**
   * The tetragamma function {@code psi''(x) = -2 sum_{k >= 0} 1 / (x + k)^3}, within a few ulps
   * for {@code x > 0}; about {@code -2 / x^3} for tiny {@code x}, and {@code -Infinity} below
   * about {@code 1e-103}, where that overflows.
   *
   * @return {@code psi''(x)}; {@code -0.0} for {@code +Infinity}
   */
  @Grad
  public static double tetragamma(double x) {
    if (x > 0) {
      return positiveTetragamma(x);
    }
    double r = x - Math.rint(x);
    if (r == 0 || Double.isNaN(r)) {
      return Double.NaN;
    }
    double s = Math.sin(Math.PI * r); // cos(pi x) / sin(pi x)^3 = cos(pi r) / sin(pi r)^3
    return positiveTetragamma(1 - x) - 2 * Math.PI * Math.PI * Math.PI * cosPi(r) / (s * s * s);
  }

  /** cos(pi r) for |r| <= 1/2, exactly 0 at r = 1/2 (where Math.cos(Math.PI * r) is not). */
  private static double cosPi(double r) {
    return Math.sin(Math.PI * (0.5 - Math.abs(r)));
  }

  /** How many steps of the recurrence take x > 0 to at least {@link #ASYMPTOTIC_FROM}. */
  private static int steps(double x) {
    return x < ASYMPTOTIC_FROM ? (int) Math.ceil(ASYMPTOTIC_FROM - x) : 0;
  }

  private static double positiveDigamma(double x) {
    int n = steps(x);
    double y = x + n;
    double t = 1 / (y * y);
    // psi(y) ~ log y - 1/(2y) - 1/(12y^2) + 1/(120y^4) - 1/(252y^6) + 1/(240y^8) - 1/(132y^10)
    //          + 691/(32760y^12)
    double series = t * (1.0 / 12 - t * (1.0 / 120 - t * (1.0 / 252 - t * (1.0 / 240
        - t * (1.0 / 132 - t * (691.0 / 32760))))));
    double sum = Math.log(y) - 0.5 / y - series;
    for (int k = n - 1; k >= 0; k--) {
      sum -= 1 / (x + k);
    }
    return sum;
  }

  private static double positiveTrigamma(double x) {
    int n = steps(x);
    double y = x + n;
    double inv = 1 / y;
    double t = inv * inv;
    // psi'(y) ~ 1/y + 1/(2y^2) + 1/(6y^3) - 1/(30y^5) + 1/(42y^7) - 1/(30y^9) + 5/(66y^11)
    //           - 691/(2730y^13)
    double series = 1 + 0.5 * inv + t * (1.0 / 6 - t * (1.0 / 30 - t * (1.0 / 42
        - t * (1.0 / 30 - t * (5.0 / 66 - t * (691.0 / 2730))))));
    double sum = inv * series;
    for (int k = n - 1; k >= 0; k--) {
      double z = x + k;
      sum += 1 / (z * z);
    }
    return sum;
  }

  private static double positiveTetragamma(double x) {
    int n = steps(x);
    double y = x + n;
    double inv = 1 / y;
    double t = inv * inv;
    // psi''(y) ~ -1/y^2 - 1/y^3 - 1/(2y^4) + 1/(6y^6) - 1/(6y^8) + 3/(10y^10) - 5/(6y^12)
    //            + 691/(210y^14)
    double series = 1 + inv + t * (0.5 - t * (1.0 / 6 - t * (1.0 / 6 - t * (3.0 / 10
        - t * (5.0 / 6 - t * (691.0 / 210))))));
    double sum = -t * series;
    for (int k = n - 1; k >= 0; k--) {
      double z = x + k;
      sum -= 2 / (z * z * z);
    }
    return sum;
  }
}
