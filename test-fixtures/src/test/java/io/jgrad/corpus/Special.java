package io.jgrad.corpus;

import io.jgrad.ZeroDerivative;

/**
 * A small "library" without {@code @Grad}: the targets of the custom rules in {@link
 * SpecialRules}. Some bodies jgrad could differentiate itself (the custom rule wins), some it
 * cannot ({@link #opaqueSinh} goes through a method reference).
 */
public final class Special {
  private Special() {}

  /** How often {@link SpecialRules#logisticAdjoint} ran: proves the custom rule is called. */
  public static int logisticAdjointCalls;

  public static double logistic(double x) {
    return 1.0 / (1.0 + Math.exp(-x));
  }

  /** sqrt(x^2 + eps^2): a smooth |x|, in two overloads. */
  public static double smoothAbs(double x) {
    return Math.sqrt(x * x + 1e-2);
  }

  public static double smoothAbs(double x, double eps) {
    return Math.sqrt(x * x + eps * eps);
  }

  /** a x^n + b with an int exponent (data). */
  public static double power(double a, double x, int n, double b) {
    return a * Math.pow(x, n) + b;
  }

  /** jgrad cannot differentiate this body (a method reference): only its custom rule can. */
  public static double opaqueSinh(double x) {
    java.util.function.DoubleUnaryOperator f = Math::sinh;
    return f.applyAsDouble(x);
  }

  /** log(sum exp(x_i)), stabilised; reads x only (declared readOnly). */
  public static double logSumExp(double[] x) {
    double m = Double.NEGATIVE_INFINITY;
    for (double v : x) {
      m = Math.max(m, v);
    }
    double s = 0;
    for (double v : x) {
      s += Math.exp(v - m);
    }
    return m + Math.log(s);
  }

  /** sum w_i x_i over a row of a matrix: a double[][] read only (not declared readOnly). */
  public static double rowDot(double[][] w, int row, double[] x) {
    double s = 0;
    for (int j = 0; j < x.length; j++) {
      s += w[row][j] * x[j];
    }
    return s;
  }

  /** Writes its array: x[i] *= a, in place. */
  public static void scaleInPlace(double a, double[] x) {
    for (int i = 0; i < x.length; i++) {
      x[i] *= a;
    }
  }

  /** An array result: the prefix sums of x, scaled by a. */
  public static double[] prefixSums(double a, double[] x) {
    double[] out = new double[x.length];
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += a * x[i];
      out[i] = s;
    }
    return out;
  }

  /** A float target: (float) (x * y). */
  public static float floatProduct(float x, double y) {
    return (float) (x * y);
  }

  /** A record of numbers, for the custom rules of {@link #norm} and {@link #rotate}. */
  public record Vec2(double x, double y) {}

  public static double norm(Vec2 v) {
    return Math.sqrt(v.x() * v.x() + v.y() * v.y());
  }

  /** v rotated by angle: a record result. */
  public static Vec2 rotate(Vec2 v, double angle) {
    double c = Math.cos(angle);
    double s = Math.sin(angle);
    return new Vec2(c * v.x() - s * v.y(), s * v.x() + c * v.y());
  }

  /** Rounded down to a multiple of 0.25: piecewise constant, listed as zeroDerivative. */
  public static double grid(double x) {
    return Math.floor(4 * x) / 4;
  }

  /** A pseudo-random draw from an index: data, whatever it is passed. */
  @ZeroDerivative
  public static double draw(double scale, int i) {
    long h = (i + 1) * 0x9E3779B97F4A7C15L;
    return scale * ((h >>> 11) * 0x1.0p-53);
  }
}
