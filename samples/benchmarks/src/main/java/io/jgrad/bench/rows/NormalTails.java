package io.jgrad.bench.rows;

import io.jgrad.Grad;
import org.hipparchus.special.Erf;

/**
 * {@code sum x_i erfc(x_i)}, through Hipparchus' {@code Erf.erfc}, which jgrad differentiates
 * with the custom rules of {@code jgrad-hipparchus} ({@code ErfRules}): what a call of a custom
 * rule costs in a loop ({@code CustomRuleBenchmark}).
 */
public final class NormalTails {
  private NormalTails() {}

  @Grad
  public static double f(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * Erf.erfc(x[i]);
    }
    return s;
  }
}
