package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * More programs the random-program tester found wrong answers in (seed 101), shrunk by hand and
 * named after what went wrong; each comment names the seed and program it came from.
 */
public final class MoreFuzzFindings {
  private MoreFuzzFindings() {}

  /**
   * Seed 101, program 804: a float branch of a double conditional, {@code (float) (a * 2)}, lost
   * its derivative when the other branch was constant (the result was not seen as active).
   */
  @Grad
  public static double floatCastBranch(double a, int n) {
    return n > 0 ? (float) (a * 2) : 0.5;
  }

  /**
   * Seed 101, program 1170: the float branch {@code g + g} of a double conditional had no
   * derivative (the widening cast was applied to the whole operation).
   */
  @Grad
  public static double floatSumBranch(double a, float g, int n) {
    return n > 0 ? a : g + g;
  }

  /**
   * Seed 101, program 1535: the float branch {@code -g} of a double conditional with a constant
   * other branch had no derivative.
   */
  @Grad
  public static double negatedFloatBranch(float g, int n) {
    return n > 0 ? 0.25 : -g;
  }

  /**
   * Seed 101, program 1114: a call returning float in a double conditional ran as a plain call,
   * not through its forward rule, so the tangent of the array it overwrote was left unchanged.
   */
  @Grad
  public static double floatCallBranch(double a, double[] x, int n) {
    double d = n > 0 ? 0.0 : fillFloat(0.5, x);
    return a * x[0] + d;
  }

  /**
   * Seed 101, program 1382: the same, with an active other branch ({@code ++x[1]}) and the call's
   * argument read from the array it overwrites.
   */
  @Grad
  public static double floatCallOtherBranch(double[] x, int n) {
    double d = n > 0 ? ++x[1] : fillFloat(x[1] * 0.5, x);
    return x[0] * x[1] + d;
  }

  /**
   * Seed 101, program 284: a local nothing reads, {@code d}, whose partial derivative overflows
   * ({@code d / x[0]} with a tiny {@code x[0]}) added {@code 0 * Infinity = NaN} into
   * {@code xBar} in the reverse sweep.
   */
  @Grad
  public static double deadQuotient(double[] x, double a) {
    double d = (a + x[1]) / x[0];
    return a * x[1];
  }

  /** Fills x with a (all of it) and returns a as a float. */
  @Grad
  public static float fillFloat(double a, double[] x) {
    java.util.Arrays.fill(x, a);
    return (float) a;
  }
}
