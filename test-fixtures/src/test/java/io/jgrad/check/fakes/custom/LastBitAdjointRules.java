package io.jgrad.check.fakes.custom;

import io.jgrad.CustomRules;
import io.jgrad.Dual;

/** Broken: as {@link LastBitForwardRules}, in the reverse rule. */
@CustomRules(Special.class)
public final class LastBitAdjointRules {
  private LastBitAdjointRules() {}

  public static Dual softplus(double x, double xDot) {
    return SpecialRules.softplus(x, xDot);
  }

  public static double softplusAdjoint(double x, double seed, double[] scalarBars) {
    scalarBars[0] += seed / (1 + Math.exp(-x));
    return Math.log(1 + Math.exp(x));
  }
}
