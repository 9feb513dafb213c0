package io.jgrad.corpus;

import io.jgrad.Grad;
import io.jgrad.Gradients;
import io.jgrad.NoGrad;

/**
 * {@code @Grad} methods calling methods that have custom rules ({@link SpecialRules}), that
 * are {@code @ZeroDerivative} or listed as zeroDerivative, and {@code Gradients.stopGradient}.
 */
public final class CustomRuleCalls {
  private CustomRuleCalls() {}

  @Grad
  public static double logisticLoss(double w, double x, double y) {
    double p = Special.logistic(w * x);
    return -(y * Math.log(p) + (1 - y) * Math.log(1 - p));
  }

  @Grad
  public static double overloads(double x, double eps) {
    return Special.smoothAbs(x) * Special.smoothAbs(x, eps) + Special.smoothAbs(x * eps);
  }

  @Grad
  public static double polynomial(double a, double x, int n) {
    return Special.power(a, x, n, a * x) + Special.power(x, a, n + 1, 1.0);
  }

  @Grad
  public static double opaque(double x) {
    return Special.opaqueSinh(x) * Special.opaqueSinh(0.5 * x + 1);
  }

  /** A JDK method without source, through {@link DoubleRules}. */
  @Grad
  public static double librarySum(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s = Double.sum(s, x[i] * x[i]);
    }
    return Math.sqrt(s);
  }

  /** Records through custom rules: a record argument, a record result. */
  @Grad
  public static double rotatedNorm(double x, double y, double a) {
    Special.Vec2 v = Special.rotate(new Special.Vec2(x, y * a), a);
    return Special.norm(v) * v.x();
  }

  /** A record parameter passed to a custom rule. */
  @Grad
  public static double normOfRecord(Special.Vec2 v, double s) {
    return Special.norm(new Special.Vec2(v.x() * s, v.y())) + Special.norm(v) * s;
  }

  /**
   * A private method whose result has no derivative calls a method with custom rules: jgrad
   * copies it into the rule classes, and the copy calls the target itself (seed 3072, program
   * 254: the copy could not call it).
   */
  private static int bucketOf(double a, double b) {
    return (int) Special.smoothAbs(a, b);
  }

  @Grad
  public static double bucketed(double[] x) {
    return x[Math.floorMod(bucketOf(4 * x[0], x[1]), x.length)] * Special.logSumExp(x);
  }

  /** A loop of custom-rule calls. */
  @Grad
  public static double sumOfLogistics(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += Special.logistic(x[i]) * x[i];
    }
    return s;
  }

  @Grad
  public static double softmaxCrossEntropy(double[] z, int label) {
    return Special.logSumExp(z) - z[label];
  }

  @Grad
  public static double bilinear(double[][] w, double[] x) {
    double s = 0;
    for (int i = 0; i < w.length; i++) {
      s += Special.rowDot(w, i, x) * Math.sin(x[i % x.length]);
    }
    return s;
  }

  /** The target writes x; the method reads it before and after. */
  @Grad
  public static double scaledTwice(double a, double[] x) {
    double before = x[0] * x[x.length - 1];
    Special.scaleInPlace(a, x);
    Special.scaleInPlace(Math.sin(a), x);
    return before + x[0] * x[0] + x[x.length - 1];
  }

  /** A void method whose output is the array the target writes. */
  @Grad
  public static void scaleAll(double a, double[] x) {
    Special.scaleInPlace(a * a, x);
  }

  @Grad
  public static double prefixEnergy(double a, double[] x) {
    double[] p = Special.prefixSums(a, x);
    double s = 0;
    for (double v : p) {
      s += v * v;
    }
    return s;
  }

  @Grad
  public static double[] prefixOfSquares(double a, double[] x) {
    double[] sq = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      sq[i] = x[i] * x[i];
    }
    return Special.prefixSums(a, sq);
  }

  @Grad
  public static float floats(float x, double y) {
    return Special.floatProduct(x * x, y) * x;
  }

  /** grid() is piecewise constant: listed as zeroDerivative, the rules call it as it is. */
  @Grad
  public static double gridded(double x) {
    return x * Special.grid(x) + Special.grid(x * x);
  }

  /** draw() is @ZeroDerivative: its result is data whatever it is passed. */
  @Grad
  public static double noisy(double x, @NoGrad double scale) {
    double s = 0;
    for (int i = 0; i < 3; i++) {
      s += x * Special.draw(scale, i);
    }
    return s * x;
  }

  /**
   * The usual use of a stop-gradient: the shift of a log-sum-exp, whose derivative cancels, so
   * the function's derivative is unchanged and nothing is computed for the shift.
   */
  @Grad
  public static double stableLogSumExp(double[] x) {
    double m = x[0];
    for (double v : x) {
      m = Math.max(m, v);
    }
    m = Gradients.stopGradient(m);
    double s = 0;
    for (double v : x) {
      s += Math.exp(v - m);
    }
    return m + Math.log(s);
  }

  /**
   * Seed 3079, program 582: the adjoint of the unused log-sum-exp is 0, so the reverse part
   * skips the custom rule and xBar[1] keeps the -0.0 the negative scale's reverse left; the
   * rule's tangent form called it anyway, adding 0 * softmax, and fHvp's gradient had 0.0 there.
   */
  @Grad
  public static double unusedLogSumExpThenScaled(double[] x) {
    double unused = Special.logSumExp(x);
    Special.scaleInPlace(-1.5 - x[0] * x[0], x);
    return x[2];
  }

  /** w log-sum-exp(x): at w = 0 the rule's cotangent is 0 and its tangent is not. */
  @Grad
  public static double weightedLogSumExp(double w, double[] x) {
    return w * Special.logSumExp(x);
  }
}
