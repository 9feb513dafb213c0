package io.jgrad.check.fakes.custom;

import io.jgrad.CustomRules;

/**
 * Broken: right rules, but the holder declares {@code scale} read-only, which writes its array;
 * generated callers would keep no copy of it.
 */
@CustomRules(value = Special.class, readOnly = "scale")
public final class MisdeclaredScaleRules {
  private MisdeclaredScaleRules() {}

  public static void scale(double a, double aDot, double[] x, double[] xDot) {
    SpecialRules.scale(a, aDot, x, xDot);
  }

  public static void scaleAdjoint(double a, double[] x, double[] xBar, double[] scalarBars) {
    SpecialRules.scaleAdjoint(a, x, xBar, scalarBars);
  }
}
