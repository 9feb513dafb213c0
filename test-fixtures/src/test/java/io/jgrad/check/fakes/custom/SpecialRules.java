package io.jgrad.check.fakes.custom;

import io.jgrad.CustomRules;
import io.jgrad.Dual;
import io.jgrad.DualArray;

/**
 * Correct custom rules for every method of {@link Special}, written by hand with the signatures
 * jgrad generates (README, "The generated API"): each value computed with the target's own
 * operations in the same order, so bit for bit the target's.
 */
@CustomRules(Special.class)
public final class SpecialRules {
  private SpecialRules() {}

  public static Dual softplus(double x, double xDot) {
    return new Dual(Special.softplus(x), xDot / (1 + Math.exp(-x)));
  }

  public static double softplusAdjoint(double x, double seed, double[] scalarBars) {
    scalarBars[0] += seed / (1 + Math.exp(-x));
    return Special.softplus(x);
  }

  public static Dual expScaled(double a, double aDot, double b, double bDot) {
    double e = Math.exp(b);
    return new Dual(a * e, aDot * e + a * e * bDot);
  }

  public static double expScaledAdjoint(double a, double b, double seed, double[] scalarBars) {
    double e = Math.exp(b);
    scalarBars[0] += seed * e;
    scalarBars[1] += seed * a * e;
    return a * e;
  }

  public static Dual powi(double x, double xDot, int n) {
    return new Dual(Special.powi(x, n), n * Special.powi(x, n - 1) * xDot);
  }

  public static double powiAdjoint(double x, int n, double seed, double[] scalarBars) {
    scalarBars[0] += seed * n * Special.powi(x, n - 1);
    return Special.powi(x, n);
  }

  public static Dual dot(double[] a, double[] aDot, double[] b, double[] bDot) {
    double tangent = 0;
    for (int i = 0; i < a.length; i++) {
      tangent += aDot[i] * b[i] + a[i] * bDot[i];
    }
    return new Dual(Special.dot(a, b), tangent);
  }

  public static double dotAdjoint(double[] a, double[] aBar, double[] b, double[] bBar,
      double seed) {
    for (int i = 0; i < a.length; i++) {
      aBar[i] += seed * b[i];
      bBar[i] += seed * a[i];
    }
    return Special.dot(a, b);
  }

  /** Updates {@code xDot} in place with {@code x}: on return it is the tangent of the final x. */
  public static void scale(double a, double aDot, double[] x, double[] xDot) {
    for (int i = 0; i < x.length; i++) {
      xDot[i] = aDot * x[i] + a * xDot[i];
      x[i] *= a;
    }
  }

  /**
   * On entry {@code xBar} is the cotangent of x's final contents {@code a x0}; on return it is the
   * cotangent of the entry contents {@code x0}, and x holds {@code a x0} as after the target.
   */
  public static void scaleAdjoint(double a, double[] x, double[] xBar, double[] scalarBars) {
    double[] entry = x.clone();
    Special.scale(a, x);
    for (int i = 0; i < x.length; i++) {
      scalarBars[0] += xBar[i] * entry[i];
      xBar[i] = a * xBar[i];
    }
  }

  public static DualArray sinTimes(double a, double aDot, double[] x, double[] xDot) {
    double[] tangent = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      tangent[i] = Math.cos(a * x[i]) * (aDot * x[i] + a * xDot[i]);
    }
    return new DualArray(Special.sinTimes(a, x), tangent);
  }

  public static double[] sinTimesAdjoint(double a, double[] x, double[] xBar, double[] resultBar,
      double[] scalarBars) {
    for (int i = 0; i < x.length; i++) {
      double c = Math.cos(a * x[i]) * resultBar[i];
      scalarBars[0] += c * x[i];
      xBar[i] += c * a;
    }
    return Special.sinTimes(a, x);
  }

  public static Dual cube(float x, double xDot) {
    return new Dual(x * x * x, 3.0 * x * x * xDot);
  }

  public static float cubeAdjoint(float x, double seed, double[] scalarBars) {
    scalarBars[0] += seed * 3.0 * x * x;
    return x * x * x;
  }

  public static Dual sq(double x, double xDot) {
    return new Dual(x * x, 2 * x * xDot);
  }

  public static double sqAdjoint(double x, double seed, double[] scalarBars) {
    scalarBars[0] += seed * 2 * x;
    return x * x;
  }

  public static Dual sq(double[] x, double[] xDot) {
    double tangent = 0;
    for (int i = 0; i < x.length; i++) {
      tangent += 2 * x[i] * xDot[i];
    }
    return new Dual(Special.sq(x), tangent);
  }

  public static double sqAdjoint(double[] x, double[] xBar, double seed) {
    for (int i = 0; i < x.length; i++) {
      xBar[i] += seed * 2 * x[i];
    }
    return Special.sq(x);
  }
}
