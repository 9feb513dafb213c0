package io.jgrad.check.fakes.custom;

import io.jgrad.CustomRules;
import io.jgrad.Dual;

/**
 * Rules for only one overload of {@link Special#sq}, {@code sq(double)}: {@code
 * GradCheck.ofRules(ScalarSquareRules.class, "sq")} needs no parameter types.
 */
@CustomRules(Special.class)
public final class ScalarSquareRules {
  private ScalarSquareRules() {}

  public static Dual sq(double x, double xDot) {
    return new Dual(x * x, 2 * x * xDot);
  }

  public static double sqAdjoint(double x, double seed, double[] scalarBars) {
    scalarBars[0] += seed * 2 * x;
    return x * x;
  }
}
