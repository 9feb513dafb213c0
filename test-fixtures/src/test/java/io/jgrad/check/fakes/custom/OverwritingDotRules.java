package io.jgrad.check.fakes.custom;

import io.jgrad.CustomRules;
import io.jgrad.Dual;

/**
 * Broken: the reverse rule stores {@code seed * b} into aBar instead of adding it: right from
 * zero buffers, wrong on a second call.
 */
@CustomRules(Special.class)
public final class OverwritingDotRules {
  private OverwritingDotRules() {}

  public static Dual dot(double[] a, double[] aDot, double[] b, double[] bDot) {
    return SpecialRules.dot(a, aDot, b, bDot);
  }

  public static double dotAdjoint(double[] a, double[] aBar, double[] b, double[] bBar,
      double seed) {
    for (int i = 0; i < a.length; i++) {
      aBar[i] = seed * b[i];
      bBar[i] += seed * a[i];
    }
    return Special.dot(a, b);
  }
}
