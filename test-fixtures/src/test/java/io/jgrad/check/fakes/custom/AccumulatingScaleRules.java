package io.jgrad.check.fakes.custom;

import io.jgrad.CustomRules;

/**
 * Broken: the reverse rule treats xBar like the buffer of an array it only reads, adding {@code
 * a xBar} into it, where it must replace the cotangent of x's final contents by that of its entry
 * contents ({@code xBar <- a xBar}).
 */
@CustomRules(Special.class)
public final class AccumulatingScaleRules {
  private AccumulatingScaleRules() {}

  public static void scale(double a, double aDot, double[] x, double[] xDot) {
    SpecialRules.scale(a, aDot, x, xDot);
  }

  public static void scaleAdjoint(double a, double[] x, double[] xBar, double[] scalarBars) {
    double[] entry = x.clone();
    Special.scale(a, x);
    for (int i = 0; i < x.length; i++) {
      scalarBars[0] += xBar[i] * entry[i];
      xBar[i] += a * xBar[i];
    }
  }
}
