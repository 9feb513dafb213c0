package io.jgrad.check.fakes.custom;

import io.jgrad.CustomRules;
import io.jgrad.DualArray;

/** Broken: the reverse rule of an array result forgets the factor a of d/dx. */
@CustomRules(Special.class)
public final class WrongResultAdjointRules {
  private WrongResultAdjointRules() {}

  public static DualArray sinTimes(double a, double aDot, double[] x, double[] xDot) {
    return SpecialRules.sinTimes(a, aDot, x, xDot);
  }

  public static double[] sinTimesAdjoint(double a, double[] x, double[] xBar, double[] resultBar,
      double[] scalarBars) {
    for (int i = 0; i < x.length; i++) {
      double c = Math.cos(a * x[i]) * resultBar[i];
      scalarBars[0] += c * x[i];
      xBar[i] += c;
    }
    return Special.sinTimes(a, x);
  }
}
