package io.jgrad.check.fakes.custom;

import io.jgrad.CustomRules;
import io.jgrad.Dual;

/** Broken: the forward rule is right, the reverse rule forgets the factor e^b of d/da. */
@CustomRules(Special.class)
public final class InconsistentAdjointRules {
  private InconsistentAdjointRules() {}

  public static Dual expScaled(double a, double aDot, double b, double bDot) {
    return SpecialRules.expScaled(a, aDot, b, bDot);
  }

  public static double expScaledAdjoint(double a, double b, double seed, double[] scalarBars) {
    double e = Math.exp(b);
    scalarBars[0] += seed;
    scalarBars[1] += seed * a * e;
    return a * e;
  }
}
