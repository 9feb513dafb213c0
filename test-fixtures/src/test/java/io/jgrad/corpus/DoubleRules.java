package io.jgrad.corpus;

import io.jgrad.CustomRules;
import io.jgrad.Dual;

/**
 * Custom rules for a library method jgrad has no source of: {@code java.lang.Double.sum}, which
 * it would otherwise reject (its arguments carry derivatives).
 */
@CustomRules(value = Double.class, readOnly = "sum")
public final class DoubleRules {
  private DoubleRules() {}

  public static Dual sum(double a, double aDot, double b, double bDot) {
    return new Dual(Double.sum(a, b), aDot + bDot);
  }

  public static double sumAdjoint(double a, double b, double seed, double[] scalarBars) {
    scalarBars[0] += seed;
    scalarBars[1] += seed;
    return Double.sum(a, b);
  }
}
