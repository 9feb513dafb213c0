package io.jgrad.check.fakes.custom;

import io.jgrad.CustomRules;
import io.jgrad.Dual;

/**
 * Broken: the derivative of softplus taken as {@code 1 / (1 + e^x)} (the logistic function at
 * {@code -x}) in both rules, so they agree with each other and only finite differences see it.
 */
@CustomRules(Special.class)
public final class WrongTangentRules {
  private WrongTangentRules() {}

  public static Dual softplus(double x, double xDot) {
    return new Dual(Special.softplus(x), xDot / (1 + Math.exp(x)));
  }

  public static double softplusAdjoint(double x, double seed, double[] scalarBars) {
    scalarBars[0] += seed / (1 + Math.exp(x));
    return Special.softplus(x);
  }
}
