package io.jgrad.corpus;

import io.jgrad.CustomRules;
import io.jgrad.Dual;
import io.jgrad.DualArray;

/**
 * Hand-written rules for {@link Special}: each target's forward rule and reverse rule, with the
 * signatures jgrad generates for a {@code @Grad} method.
 */
@CustomRules(value = Special.class, zeroDerivative = "grid", readOnly = "logSumExp")
public final class SpecialRules {
  private SpecialRules() {}

  public static Dual logistic(double x, double xDot) {
    double s = Special.logistic(x);
    return new Dual(s, s * (1 - s) * xDot);
  }

  public static double logisticAdjoint(double x, double seed, double[] scalarBars) {
    Special.logisticAdjointCalls++;
    double s = Special.logistic(x);
    scalarBars[0] += seed * s * (1 - s);
    return s;
  }

  public static Dual smoothAbs(double x, double xDot) {
    double v = Special.smoothAbs(x);
    return new Dual(v, x / v * xDot);
  }

  public static double smoothAbsAdjoint(double x, double seed, double[] scalarBars) {
    double v = Special.smoothAbs(x);
    scalarBars[0] += seed * x / v;
    return v;
  }

  public static Dual smoothAbs(double x, double xDot, double eps, double epsDot) {
    double v = Special.smoothAbs(x, eps);
    return new Dual(v, (x * xDot + eps * epsDot) / v);
  }

  public static double smoothAbsAdjoint(double x, double eps, double seed, double[] scalarBars) {
    double v = Special.smoothAbs(x, eps);
    scalarBars[0] += seed * x / v;
    scalarBars[1] += seed * eps / v;
    return v;
  }

  public static Dual power(double a, double aDot, double x, double xDot, int n, double b,
      double bDot) {
    double p = Math.pow(x, n);
    double dp = n == 0 ? 0 : n * Math.pow(x, n - 1);
    return new Dual(Special.power(a, x, n, b), aDot * p + a * dp * xDot + bDot);
  }

  public static double powerAdjoint(double a, double x, int n, double b, double seed,
      double[] scalarBars) {
    double p = Math.pow(x, n);
    double dp = n == 0 ? 0 : n * Math.pow(x, n - 1);
    scalarBars[0] += seed * p;
    scalarBars[1] += seed * a * dp;
    scalarBars[2] += seed;
    return Special.power(a, x, n, b);
  }

  public static Dual opaqueSinh(double x, double xDot) {
    return new Dual(Special.opaqueSinh(x), Math.cosh(x) * xDot);
  }

  public static double opaqueSinhAdjoint(double x, double seed, double[] scalarBars) {
    scalarBars[0] += seed * Math.cosh(x);
    return Special.opaqueSinh(x);
  }

  /** The softmax is the gradient. */
  public static Dual logSumExp(double[] x, double[] xDot) {
    double v = Special.logSumExp(x);
    double t = 0;
    for (int i = 0; i < x.length; i++) {
      t += Math.exp(x[i] - v) * xDot[i];
    }
    return new Dual(v, t);
  }

  public static double logSumExpAdjoint(double[] x, double[] xBar, double seed) {
    double v = Special.logSumExp(x);
    for (int i = 0; i < x.length; i++) {
      xBar[i] += seed * Math.exp(x[i] - v);
    }
    return v;
  }

  public static Dual rowDot(double[][] w, double[][] wDot, int row, double[] x, double[] xDot) {
    double t = 0;
    for (int j = 0; j < x.length; j++) {
      t += wDot[row][j] * x[j] + w[row][j] * xDot[j];
    }
    return new Dual(Special.rowDot(w, row, x), t);
  }

  public static double rowDotAdjoint(double[][] w, double[][] wBar, int row, double[] x,
      double[] xBar, double seed) {
    for (int j = 0; j < x.length; j++) {
      wBar[row][j] += seed * x[j];
      xBar[j] += seed * w[row][j];
    }
    return Special.rowDot(w, row, x);
  }

  /** x's tangent follows x: (a x)' = a' x + a x'. */
  public static void scaleInPlace(double a, double aDot, double[] x, double[] xDot) {
    for (int i = 0; i < x.length; i++) {
      xDot[i] = aDot * x[i] + a * xDot[i];
    }
    Special.scaleInPlace(a, x);
  }

  /**
   * On entry xBar holds the cotangent of the final x (a times the entry x); on return, that of
   * the entry x: a times it. The derivative with respect to a is the entry x times it.
   */
  public static void scaleInPlaceAdjoint(double a, double[] x, double[] xBar,
      double[] scalarBars) {
    for (int i = 0; i < x.length; i++) {
      scalarBars[0] += x[i] * xBar[i];
      xBar[i] *= a;
    }
    Special.scaleInPlace(a, x);
  }

  public static DualArray prefixSums(double a, double aDot, double[] x, double[] xDot) {
    double[] value = Special.prefixSums(a, x);
    double[] tangent = new double[x.length];
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += aDot * x[i] + a * xDot[i];
      tangent[i] = s;
    }
    return new DualArray(value, tangent);
  }

  public static double[] prefixSumsAdjoint(double a, double[] x, double[] xBar,
      double[] resultBar, double[] scalarBars) {
    double suffix = 0;
    for (int i = x.length - 1; i >= 0; i--) {
      suffix += resultBar[i];
      scalarBars[0] += suffix * x[i];
      xBar[i] += suffix * a;
    }
    return Special.prefixSums(a, x);
  }

  public static Dual floatProduct(float x, double xDot, double y, double yDot) {
    return new Dual(Special.floatProduct(x, y), xDot * y + x * yDot);
  }

  public static float floatProductAdjoint(float x, double y, double seed,
      double[] scalarBars) {
    scalarBars[0] += seed * y;
    scalarBars[1] += seed * x;
    return Special.floatProduct(x, y);
  }
  public static Dual norm(Special.Vec2 v, Special_Vec2_Tangent vDot) {
    double n = Special.norm(v);
    return new Dual(n, (v.x() * vDot.x + v.y() * vDot.y) / n);
  }

  public static double normAdjoint(Special.Vec2 v, Special_Vec2_Tangent vBar, double seed) {
    double n = Special.norm(v);
    vBar.x += seed * v.x() / n;
    vBar.y += seed * v.y() / n;
    return n;
  }

  /** d(c x - s y) = c dx - s dy - r.y da, d(s x + c y) = s dx + c dy + r.x da. */
  public static Special_Vec2_Tangent.Dual rotate(Special.Vec2 v, Special_Vec2_Tangent vDot,
      double angle, double angleDot) {
    Special.Vec2 r = Special.rotate(v, angle);
    double c = Math.cos(angle);
    double s = Math.sin(angle);
    Special_Vec2_Tangent t = new Special_Vec2_Tangent();
    t.x = c * vDot.x - s * vDot.y - r.y() * angleDot;
    t.y = s * vDot.x + c * vDot.y + r.x() * angleDot;
    return new Special_Vec2_Tangent.Dual(r, t);
  }

  public static Special.Vec2 rotateAdjoint(Special.Vec2 v, Special_Vec2_Tangent vBar,
      double angle, Special_Vec2_Tangent resultBar, double[] scalarBars) {
    Special.Vec2 r = Special.rotate(v, angle);
    double c = Math.cos(angle);
    double s = Math.sin(angle);
    vBar.x += c * resultBar.x + s * resultBar.y;
    vBar.y += -s * resultBar.x + c * resultBar.y;
    scalarBars[0] += -r.y() * resultBar.x + r.x() * resultBar.y;
    return r;
  }
}
