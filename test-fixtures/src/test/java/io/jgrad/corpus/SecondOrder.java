package io.jgrad.corpus;

import io.jgrad.Grad;
import io.jgrad.NoGrad;

/**
 * Second-order rules (forward-over-reverse) through what first-order rules support: loops,
 * branches, Math functions, an argument the method writes, a recursive callee (called through
 * its reverse parts, not inlined), a helper, float arithmetic and data parameters. The Hessians
 * of {@link #quartic}, {@link #squaredInPlace} and {@link #power} are checked against hand-derived
 * ones in {@code SecondOrderTest}.
 */
public final class SecondOrder {
  private SecondOrder() {}

  /** {@code sum x_i^4 + x_i x_{i+1}}: H_ii = 12 x_i^2, H_{i,i+1} = 1. */
  @Grad
  public static double quartic(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      double q = x[i] * x[i];
      s += q * q;
      if (i + 1 < x.length) {
        s += x[i] * x[i + 1];
      }
    }
    return s;
  }

  /** Different formulas on either side of a = b. */
  @Grad
  public static double branches(double a, double b) {
    if (a > b) {
      return a * a * b + Math.sin(b);
    }
    return Math.exp(a * b) / (1 + b * b);
  }

  /**
   * Squares x in place, then {@code sum x_i x_{(i+1) % n}}: with respect to the entries on entry,
   * {@code sum x_i^2 x_{i+1}^2}.
   */
  @Grad
  public static double squaredInPlace(double[] x) {
    for (int i = 0; i < x.length; i++) {
      x[i] = x[i] * x[i];
    }
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * x[(i + 1) % x.length];
    }
    return s;
  }

  /** {@code x^n} by a recursion that is not a tail call: H = n (n - 1) x^(n-2). */
  @Grad
  public static double power(double x, int n) {
    if (n == 0) {
      return 1;
    }
    return x * power(x, n - 1);
  }

  /** A log-sum-exp with a weighted helper and a data parameter. */
  @Grad
  public static double logSumExp(double[] z, @NoGrad double[] w) {
    double max = Double.NEGATIVE_INFINITY;
    for (double v : z) {
      max = Math.max(max, v);
    }
    double s = 0;
    for (int i = 0; i < z.length; i++) {
      s += w[i] * Math.exp(z[i] - max);
    }
    return max + Math.log(s) + penalty(z);
  }

  private static double penalty(double[] z) {
    double p = 0;
    for (double v : z) {
      p += Math.sqrt(1 + v * v);
    }
    return 0.1 * p;
  }

  /** Float arithmetic: rounding to float has derivative one. */
  @Grad
  public static float floats(float[] x, float scale) {
    float s = 0f;
    for (float v : x) {
      s += scale * v * v * v;
    }
    return s;
  }

  /** Calls the recursive {@link #power} and {@link #quartic}: composed tangent parts. */
  @Grad
  public static double composed(double[] x, int n) {
    double s = quartic(x);
    for (int i = 0; i < x.length; i++) {
      s += power(x[i], n);
    }
    return s;
  }

  /**
   * Random program 168 of seed 3026: {@code a + x / a + x a}, whose curvature near a = 0 changes
   * fast, next to float parameters that do not take part. At a = 0.002 the second-order check
   * needed steps below the float steps (it now uses every step); there the first-order check's
   * float steps are too large as well, so the entry draws a away from 0.
   */
  @Grad
  public static double steepCurvature(double a1, float g2, double[] x3, float g4) {
    a1 += ((x3[0] / a1) + (x3[Math.floorMod(1, x3.length)] * a1));
    return a1;
  }

  /**
   * Random program 981 of seed 3027, reduced: a remainder by a value rounded through a float. Near
   * y = 0 the gradient is -trunc(1.5 / y) b: large, and quantised by the float, so differences of
   * it with small steps show steps of the float, not the Hessian: such differences agree with
   * those of no other step, and the second-order check takes them as inconclusive, not a miss.
   * (At the finding's point the first-order check's differences fail too; the entry draws y
   * away from 0.)
   */
  @Grad
  public static double floatRounded(double a, double b, double c) {
    double y = (a % c) * (float) b;
    return 1.5 % y;
  }

  /**
   * An int stored into an element of a double array carries no derivative, but replaces the
   * element's tangent with zero (seed 3028, programs 235 and 703: the old tangent stayed).
   */
  @Grad
  public static double intStored(double[] x, int n) {
    double s = x[0] * x[1];
    x[1] = n;
    return s * x[0] + x[1] * x[0] * x[0];
  }

  /** A value record. */
  public record Point(double x) {}

  /**
   * Puts {@code o} in place of an element of {@code os}: the result depends on {@code o} only,
   * and the call puts {@code o}'s tangent in place of the element's (seed 3029, program 148:
   * {@code fHessian} reused its direction arrays across columns, so the next column's direction
   * was seeded into {@code o}'s).
   */
  @Grad
  public static double replacedElement(Point o, Point[] os) {
    os[0] = o;
    return os[0].x() * os[0].x() * o.x() + os.length;
  }

  /**
   * {@code acos(cos(toDegrees(3 - p.x)))}: piecewise linear, so its Hessian is zero but computed
   * as about 1e-12 of rounding through the factor toDegrees^2 (seed 3029, program 737: the
   * symmetry check now compares with the rounding noise measured at the point).
   */
  @Grad
  public static double wrappedAngle(double[] x, Point p) {
    return Math.acos(Math.cos(Math.toDegrees(3.0 - p.x()))) + 0 * x[0];
  }

  /** A record of data: its methods are called as they are. */
  public record Flag(boolean on) {
    double weight() {
      return on ? 2.0 : 0.5;
    }
  }

  /**
   * {@code x^3 w(x)} with a weight from a method of a record of data, made as it is (seed 3098,
   * program 352: the second-order rules took the call for one they could not handle, so the
   * method had none).
   */
  @Grad
  public static double passiveRecordMethod(double x) {
    return x * x * x * new Flag(x > 0.5).weight();
  }
}
