package io.jgrad.fuzz;

import io.jgrad.corpus.Special;
import io.jgrad.corpus.SpecialRules;

/**
 * What the traced twin of a program calls in place of the methods with custom rules ({@link
 * LibraryCalls}): the same value, and the point marked singular where the rule's partial
 * derivatives are not finite ({@code smoothAbs(0, 0)} is {@code 0 / 0}), which the trace cannot
 * see inside the rules.
 */
public final class TracedSpecial {
  private TracedSpecial() {}

  public static double logistic(double x) {
    double[] bars = new double[1];
    SpecialRules.logisticAdjoint(x, 1.0, bars);
    Trace.finiteAll(bars);
    return Special.logistic(x);
  }

  public static double smoothAbs(double x) {
    double[] bars = new double[1];
    SpecialRules.smoothAbsAdjoint(x, 1.0, bars);
    Trace.finiteAll(bars);
    return Special.smoothAbs(x);
  }

  public static double smoothAbs(double x, double eps) {
    double[] bars = new double[2];
    SpecialRules.smoothAbsAdjoint(x, eps, 1.0, bars);
    Trace.finiteAll(bars);
    return Special.smoothAbs(x, eps);
  }

  public static double power(double a, double x, int n, double b) {
    double[] bars = new double[3];
    SpecialRules.powerAdjoint(a, x, n, b, 1.0, bars);
    Trace.finiteAll(bars);
    return Special.power(a, x, n, b);
  }

  public static double opaqueSinh(double x) {
    double[] bars = new double[1];
    SpecialRules.opaqueSinhAdjoint(x, 1.0, bars);
    Trace.finiteAll(bars);
    return Special.opaqueSinh(x);
  }

  public static double logSumExp(double[] x) {
    double[] bars = new double[x.length];
    SpecialRules.logSumExpAdjoint(x, bars, 1.0);
    Trace.finiteAll(bars);
    return Special.logSumExp(x);
  }

  public static void scaleInPlace(double a, double[] x) {
    double[] bars = new double[1];
    double[] xBar = new double[x.length];
    java.util.Arrays.fill(xBar, 1.0);
    SpecialRules.scaleInPlaceAdjoint(a, x.clone(), xBar, bars);
    Trace.finiteAll(bars);
    Trace.finiteAll(xBar);
    Special.scaleInPlace(a, x);
  }
}
