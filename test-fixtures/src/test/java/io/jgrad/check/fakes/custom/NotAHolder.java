package io.jgrad.check.fakes.custom;

import io.jgrad.Dual;

/** Rules for {@link Special#softplus} in a class without {@code @CustomRules}. */
public final class NotAHolder {
  private NotAHolder() {}

  public static Dual softplus(double x, double xDot) {
    return SpecialRules.softplus(x, xDot);
  }

  public static double softplusAdjoint(double x, double seed, double[] scalarBars) {
    return SpecialRules.softplusAdjoint(x, seed, scalarBars);
  }
}
