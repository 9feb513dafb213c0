package io.jgrad.check.fakes.custom;

import io.jgrad.CustomRules;

/**
 * Broken: the reverse rule computes the right cotangents from x but never scales x itself, so
 * it leaves x at its entry contents where the target leaves {@code a x}.
 */
@CustomRules(Special.class)
public final class ForgetfulScaleRules {
  private ForgetfulScaleRules() {}

  public static void scale(double a, double aDot, double[] x, double[] xDot) {
    SpecialRules.scale(a, aDot, x, xDot);
  }

  public static void scaleAdjoint(double a, double[] x, double[] xBar, double[] scalarBars) {
    for (int i = 0; i < x.length; i++) {
      scalarBars[0] += xBar[i] * x[i];
      xBar[i] = a * xBar[i];
    }
  }
}
