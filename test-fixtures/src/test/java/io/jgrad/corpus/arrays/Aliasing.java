package io.jgrad.corpus.arrays;

import io.jgrad.Grad;

/**
 * Methods that the tests also call with the same array for two parameters (see
 * {@code ArrayCorpusTest.aliasCases}): readers, which must then be correct ({@code dot(x, x)}),
 * and writers, whose rules must either reject the call with {@code IllegalArgumentException} or
 * be correct. Each is also checked with distinct arrays like every corpus program.
 */
public final class Aliasing {
  private Aliasing() {}

  /** Reads both: dot(x, x) must be right. */
  @Grad
  public static double dot(double[] x, double[] y) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * y[i];
    }
    return s;
  }

  /** dot(x, x) through a call: the aliasing happens inside jgrad-generated code. */
  @Grad
  public static double dotSelf(double[] x) {
    return dot(x, x) + Math.sin(x[0]);
  }

  /** Reads a, x and y: x^T a y with x == y must be right. */
  @Grad
  public static double bilinear(double[][] a, double[] x, double[] y) {
    double s = 0.0;
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[i].length; j++) {
        s += x[i] * a[i][j] * y[j];
      }
    }
    return s;
  }

  /** Reads w and x: with x a row of w, sum tanh(w[i] . x) must be right. */
  @Grad
  public static double rowAndVector(double[][] w, double[] x) {
    double s = 0.0;
    for (int i = 0; i < w.length; i++) {
      double z = 0.0;
      for (int j = 0; j < x.length; j++) {
        z += w[i][j] * x[j];
      }
      s += Math.tanh(z);
    }
    return s;
  }

  /** Writes y: y += a * x. With x == y: rejected or right. */
  @Grad
  public static void axpy(double a, double[] x, double[] y) {
    for (int i = 0; i < x.length; i++) {
      y[i] += a * x[i];
    }
  }

  /** Writes dst: dst[i] += src[i]^2, returns sum dst. With src == dst: rejected or right. */
  @Grad
  public static double accumulateSquares(double[] src, double[] dst) {
    double s = 0.0;
    for (int i = 0; i < src.length; i++) {
      dst[i] += src[i] * src[i];
      s += dst[i];
    }
    return s;
  }

  /** Writes dst through System.arraycopy, then scales it. With src == dst: rejected or right. */
  @Grad
  public static double copyScaled(double[] src, double[] dst, double a) {
    System.arraycopy(src, 0, dst, 0, src.length);
    double s = 0.0;
    for (int i = 0; i < dst.length; i++) {
      dst[i] *= a;
      s += dst[i] * src[i];
    }
    return s;
  }

  /** void: c = a b. With a == b (read twice): right. With c == a: rejected or right. */
  @Grad
  public static void matmulInto(double[][] a, double[][] b, double[][] c) {
    int n = a.length;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < b[0].length; j++) {
        double s = 0.0;
        for (int k = 0; k < b.length; k++) {
          s += a[i][k] * b[k][j];
        }
        c[i][j] = s;
      }
    }
  }

  /** void: out[i] = x[i]^2 + out[i]. With out == x: rejected or right. */
  @Grad
  public static void squareInto(double[] x, double[] out) {
    for (int i = 0; i < x.length; i++) {
      out[i] = x[i] * x[i] + out[i];
    }
  }

  /** Writes the rows of w, reads x. With x a row of w: rejected or right. */
  @Grad
  public static double writeRowsReadVector(double[][] w, double[] x) {
    double s = 0.0;
    for (int i = 0; i < w.length; i++) {
      for (int j = 0; j < x.length; j++) {
        w[i][j] += 0.5 * x[j] * w[i][j];
        s += w[i][j];
      }
    }
    return s;
  }

  /**
   * Reassigns a to a copy of b and writes the copy: the caller's arrays are only read, so the
   * rules must accept a == b (seed 201, program 165 was rejected as writing a).
   */
  @Grad
  public static double scaledCopy(double[] a, double[] b) {
    a = b.clone();
    a[0] *= 2.0;
    return a[0] * b[0] + a[a.length - 1] * b[1];
  }

  /** Reassigns a to b itself and writes through a: writes the caller's b. */
  @Grad
  public static double writesThroughReassigned(double[] a, double[] b) {
    double s = a[0];
    a = b;
    a[0] *= s;
    return a[0] + b[1];
  }
}
