package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Non-differentiable types around differentiable code: int, long and boolean parameters and
 * locals for control, int arithmetic (/, %) mixed into active expressions, Math on ints, float
 * locals and a float parameter and result, throw statements, several arrays next to scalars,
 * passive locals, block-scoped locals with the same name, and an unused parameter.
 */
public final class Mixed {
  private Mixed() {}

  /** The README's signature: scalar, array, int bound (n <= x.length). */
  @Grad
  public static double scaledPrefix(double a, double[] x, int n) {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      s += a * x[i] * x[i];
    }
    return s + a;
  }

  /** A long parameter and a long counter. */
  @Grad
  public static double longCounter(double x, long n) {
    long k = n;
    double s = 0.0;
    while (k > 0L) {
      s += x / k + Math.sin(x * k);
      k--;
    }
    return s + x;
  }

  /** A boolean parameter selecting the formula. */
  @Grad
  public static double booleanFlag(double x, boolean flip) {
    double r = flip ? -x * x : x * x * x;
    if (!flip) {
      r += Math.exp(x);
    }
    return r;
  }

  /** float locals, float compound assignment, float / int division. */
  @Grad
  public static double floatLocals(double x) {
    float f = (float) x;
    f *= 2.0f;
    f += 1;
    float g = f / 3;
    double d = g * x;
    return d + f;
  }

  /** A float parameter and a float result. */
  @Grad
  public static float floatResult(float x, double y) {
    float a = x * x;
    a += (float) y;
    return a * 0.5f + (float) Math.cos(y) * x;
  }

  /** Argument validation by throw, then an int-bounded loop. */
  @Grad
  public static double throwOnNegative(double x, int n) {
    if (n < 0) {
      throw new IllegalArgumentException("n < 0");
    }
    double s = 1.0;
    for (int i = 0; i < n; i++) {
      s = s * x + 1.0;
    }
    return s;
  }

  /** Throws before and inside a loop (never taken at finite inputs). */
  @Grad
  public static double throwInLoop(double[] x) {
    if (x.length == 0) {
      throw new IllegalArgumentException("empty input");
    }
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      if (x[i] != x[i]) {
        throw new IllegalStateException("NaN input");
      }
      s += Math.exp(-x[i] * x[i]);
    }
    return s;
  }

  /** int / and % and long products feeding active expressions. */
  @Grad
  public static double intArithmetic(double x, int n) {
    int m = n * 3 + 1;
    int q = m / 2;
    int r = m % 4;
    double d = q;
    d += r;
    long big = (long) m * m;
    return x * m + d * x * x + big * 1e-3 * x + (n - 2) * Math.sin(x);
  }

  /** The loop counter used as a number: weights, int division, parity selection. */
  @Grad
  public static double indexWeights(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += i * x[i] + x[i] / (i + 1) + (i % 2 == 0 ? x[i] : -x[i]) * (i / 2);
    }
    return s;
  }

  /** Math's int and long overloads (no derivative) and Math on passive doubles. */
  @Grad
  public static double mathOnInts(double x, int n) {
    int m = Math.max(n, 2);
    int a = Math.abs(n - 5);
    long r = Math.round(2.5 * n);
    double p = Math.pow(2, n);
    return x * m + a * x * x + r * 1e-2 * x + p * 1e-3 * Math.exp(x);
  }

  /** Scalars between two arrays and an int bound. */
  @Grad
  public static double twoArrays(double a, double[] x, double b, double[] y, int n) {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      s += a * x[i] - b * y[i] + x[i] * y[i] * a * b;
    }
    return s;
  }

  /** Locals computed only from constants (inactive) mixed with active ones. */
  @Grad
  public static double passiveLocals(double x) {
    double c = 3.0;
    c = c * 2.0 + 1.0;
    double y = c * x;
    boolean big = c > 5.0;
    if (big) {
      y += Math.sin(c) * x;
    }
    double e = Math.exp(c);
    return y + e * 0.0;
  }

  /** Sibling blocks declaring locals of the same name; multiple declarators. */
  @Grad
  public static double blockScopes(double[] x) {
    double s = 0.0, u, v = 2.0;
    {
      double t = x[0];
      s += t * v;
    }
    {
      double t = x[1] * 2.0;
      s += t * t;
    }
    u = s;
    for (int i = 0; i < 2; i++) {
      double t = x[i] + u;
      u = t * 0.5;
    }
    for (int i = 0; i < 2; i++) {
      double t = x[i + 1];
      u += t;
    }
    return s + u;
  }

  /** y never reaches the result: its gradient is exactly zero. */
  @Grad
  public static double unusedParameter(double x, double y) {
    return x * x;
  }
}
