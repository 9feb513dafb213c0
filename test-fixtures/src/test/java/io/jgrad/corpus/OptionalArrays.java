package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Optional arrays: {@code null} passed where an array is expected and compared with {@code ==}
 * and {@code !=}. A null array has a null tangent and a null adjoint; {@link OptionalArraysTest}
 * also calls the rules with null arguments.
 */
public final class OptionalArrays {
  private OptionalArrays() {}

  /** A weighted mean; null weights are equal weights. */
  private static double weightedMean(double[] x, double[] w) {
    double s = 0.0;
    double ws = 0.0;
    for (int i = 0; i < x.length; i++) {
      double wi = w == null ? 1.0 : w[i];
      s += wi * x[i];
      ws += wi;
    }
    return s / ws;
  }

  /** The weighted mean of x (w may be null) against its plain mean. */
  @Grad
  public static double meanGap(double[] x, double[] w) {
    return weightedMean(x, w) - weightedMean(x, null) * 0.5;
  }

  /** A value from one of two optional sources, as an interpreter looks up its variables. */
  private static double lookup(char kind, int index, double[] vars, double[] coeffs) {
    double[] source = kind == 'x' ? vars : coeffs;
    if (source == null || index >= source.length) {
      throw new IllegalArgumentException("no value for " + kind + index);
    }
    return source[index];
  }

  /** Horner's rule through {@link #lookup}, each call leaving one source out. */
  @Grad
  public static double polynomial(double[] coeffs, double x) {
    double[] point = {x};
    double y = 0.0;
    for (int k = 0; k < coeffs.length; k++) {
      y = y * lookup('x', 0, point, null) + lookup('c', k, null, coeffs);
    }
    return y;
  }

  /** The sum of squares, also written into {@code out} when one is given. */
  @Grad
  public static double squaresInto(double[] x, double[] out) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      double q = x[i] * x[i];
      if (out != null) {
        out[i] = q;
      }
      s += q;
    }
    return s;
  }

  /** A scaled copy of x, or of a default vector when x is null. */
  @Grad
  public static double[] scaledOrDefault(double[] x, double a) {
    double[] source = x != null ? x : new double[] {1.0, 2.0};
    double[] y = new double[source.length];
    for (int i = 0; i < y.length; i++) {
      y[i] = a * source[i] * source[i];
    }
    return y;
  }
}
