package io.jgrad.check.fakes.custom;

import io.jgrad.CustomRules;
import io.jgrad.Dual;

/**
 * Broken: the forward rule computes softplus as {@code log(1 + e^x)} instead of the target's
 * {@code log1p(e^x)}: mathematically the same, but at many points the last bit differs.
 */
@CustomRules(Special.class)
public final class LastBitForwardRules {
  private LastBitForwardRules() {}

  public static Dual softplus(double x, double xDot) {
    return new Dual(Math.log(1 + Math.exp(x)), xDot / (1 + Math.exp(-x)));
  }

  public static double softplusAdjoint(double x, double seed, double[] scalarBars) {
    return SpecialRules.softplusAdjoint(x, seed, scalarBars);
  }
}
