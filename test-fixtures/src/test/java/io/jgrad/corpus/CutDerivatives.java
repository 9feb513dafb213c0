package io.jgrad.corpus;

import io.jgrad.Grad;
import io.jgrad.Gradients;

/**
 * Derivatives that are deliberately not the function's: a stop-gradient and a method declared
 * {@code @ZeroDerivative} cut what flows through them, so finite differences of the primal do
 * not apply; {@code CustomRulesTest} checks them against the derivatives the cut leaves.
 */
public final class CutDerivatives {
  private CutDerivatives() {}

  /** x * stop(x): the derivative is stop(x) = x, not 2x. */
  @Grad
  public static double halfSquare(double x) {
    return x * Gradients.stopGradient(x);
  }

  /** a * stop(a * b) + b: d/da = a * b, d/db = 1. */
  @Grad
  public static double stopped(double a, double b) {
    return a * Gradients.stopGradient(a * b) + b;
  }

  /** float: x * stop(x) in float. */
  @Grad
  public static float halfSquareFloat(float x) {
    return x * Gradients.stopGradient(x);
  }

  /** x * scale(x), scale @ZeroDerivative: the derivative is scale(x). */
  @Grad
  public static double frozenScale(double x) {
    return x * scale(x);
  }

  /** Not zero in truth (3 x^2); declared so. */
  @io.jgrad.ZeroDerivative
  static double scale(double x) {
    return x * x * x;
  }
}
