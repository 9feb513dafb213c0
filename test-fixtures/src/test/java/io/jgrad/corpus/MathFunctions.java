package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Every differentiable function of java.lang.Math the corpus relies on, grouped by family, plus
 * StrictMath and the float overloads. Arguments stay inside each function's domain and away from
 * its kinks for the ranges used in CorpusTest.
 */
public final class MathFunctions {
  private MathFunctions() {}

  /** sin, cos, tan. Checked on [-1.2, 1.2]. */
  @Grad
  public static double trig(double x) {
    return Math.sin(x) * Math.cos(2.0 * x) + Math.tan(x);
  }

  /** asin, acos, atan, atan2 (both arguments active, away from the branch cut). [-1, 1]. */
  @Grad
  public static double inverseTrig(double x, double y) {
    return Math.asin(x / 2.0)
        + Math.acos(x / 2.0) * y
        + Math.atan(x * y)
        + Math.atan2(1.0 + y * y, x)
        + Math.atan2(x, 2.0 + y);
  }

  /** sinh, cosh, tanh. [-2, 2]. */
  @Grad
  public static double hyperbolic(double x) {
    return Math.sinh(x) + Math.cosh(x) * x + Math.tanh(2.0 * x);
  }

  /** exp, expm1, log, log10, log1p. [-1.5, 1.5]. */
  @Grad
  public static double expLog(double x) {
    return Math.exp(x)
        + Math.expm1(x) * x
        + Math.log(1.0 + x * x)
        + Math.log10(2.0 + x)
        + Math.log1p(x * x);
  }

  /** sqrt, cbrt (checked away from 0, where its derivative is infinite). */
  @Grad
  public static double roots(double x) {
    return Math.sqrt(1.0 + x * x) + Math.cbrt(x) + Math.sqrt(x * x * x * x + 0.1);
  }

  /** pow with active base and exponent, constant exponent, constant base; hypot. [0.5, 2]. */
  @Grad
  public static double powers(double x, double y) {
    return Math.pow(x, y)
        + Math.pow(x, 3.0)
        + Math.pow(2.0, y)
        + Math.pow(x, 0.5) * y
        + Math.hypot(x, y);
  }

  /**
   * pow of a negative base with constant integral exponents: the derivative with respect to the
   * (inactive) exponent involves log(x), which is NaN here and must not leak. [-2, -0.5].
   */
  @Grad
  public static double powNegativeBase(double x) {
    return Math.pow(x, 3.0) - Math.pow(x, 2) + Math.pow(x, -1.0);
  }

  /** abs, max, min on active values (checked away from the kinks). */
  @Grad
  public static double absMaxMin(double x, double y) {
    return Math.abs(x) * y
        + Math.max(x, y)
        + Math.min(x * x, y)
        + Math.max(0.5, x) * Math.abs(y - 0.5);
  }

  /** fma, copySign, signum (checked away from 0). */
  @Grad
  public static double fmaCopySign(double x, double y, double z) {
    return Math.fma(x, y, z)
        + Math.copySign(x * x + 1.0, y) * z
        + Math.signum(x) * x
        + Math.copySign(x, -1.0);
  }

  /** toRadians, toDegrees. [-3, 3]. */
  @Grad
  public static double angles(double x) {
    return Math.toRadians(x) * Math.sin(Math.toDegrees(x) / 60.0) + Math.toDegrees(x * 0.01);
  }

  /**
   * floor, ceil, rint, round (piecewise constant: derivative zero). Checked away from integers,
   * half-integers and the points where 3x is a half-integer.
   */
  @Grad
  public static double rounding(double x) {
    return Math.floor(x) * x
        + Math.ceil(x * 2.0)
        + Math.rint(x) * x * x
        + Math.round(x * 3.0) * x;
  }

  /** A few StrictMath functions. [-1, 1]. */
  @Grad
  public static double strictMath(double x, double y) {
    return StrictMath.sin(x)
        + StrictMath.exp(y) * StrictMath.cos(x)
        + StrictMath.log(1.0 + x * x)
        + StrictMath.sqrt(2.0 + y)
        + StrictMath.pow(2.0 + y, x)
        + StrictMath.atan2(x, 2.0 + y)
        + StrictMath.hypot(x, 1.0 + y * y)
        + StrictMath.tanh(x)
        + StrictMath.cbrt(y + 3.0);
  }

  /** The float overloads of abs, max, min, round; float arithmetic; a float result. */
  @Grad
  public static float floatMath(float x) {
    float a = Math.abs(x) * 0.5f;
    float b = Math.max(x, 0.25f) + Math.min(x, 2.0f);
    int r = Math.round(x);
    return a * b + r * x + (float) Math.sin(x);
  }

  /** Math functions composed with each other. [-1, 1]. */
  @Grad
  public static double composite(double x) {
    return Math.sin(Math.exp(x)) * Math.log(Math.cosh(x)) + Math.sqrt(Math.exp(x) + Math.atan(x * x));
  }
}
