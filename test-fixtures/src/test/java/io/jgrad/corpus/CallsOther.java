package io.jgrad.corpus;

import static io.jgrad.corpus.Calls.square;

import io.jgrad.Grad;

/**
 * Calls from one corpus class into {@code @Grad} methods of others (qualified and through a static
 * import), with scalar, array and int arguments, inside loops, nested, into methods with
 * value-dependent control flow, and into a float-returning method.
 */
public final class CallsOther {
  private CallsOther() {}

  @Grad
  public static double crossScalar(double x, double y) {
    return Calls.square(x) + Calls.poly(y, x) * MathFunctions.hyperbolic(x);
  }

  @Grad
  public static double crossArray(double[] x, double[] y) {
    return Calls.dot(x, y) + Classic.softplusSum(x) * Loops.sumOfSquares(y);
  }

  @Grad
  public static double crossInLoop(double[] x, double a) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += Calls.poly(x[i], a) * Straight.arithmetic(a, 1.0 + x[i] * x[i]);
    }
    return s;
  }

  /** A statically imported callee wrapped around a callee in another class. */
  @Grad
  public static double crossNested(double x) {
    return square(Straight.reassignments(Calls.square(x) * 0.5)) + Math.sin(square(x));
  }

  /** Scalar, array and int arguments together. */
  @Grad
  public static double crossMixedArgs(double[] x, double a, int k) {
    return Mixed.scaledPrefix(a, x, k) + Calls.element(x, k - 1) * a;
  }

  /** Callees with branches, early returns and value-dependent loops. */
  @Grad
  public static double crossControlFlow(double[] x, double t) {
    return Jumps.earlyReturnInLoop(x, t) + Branches.clamp(t, x[0]) + Loops.doWhile(t, x.length);
  }

  /** A float-returning callee used in double arithmetic. */
  @Grad
  public static double crossFloat(double x, double y) {
    return Calls.halfFloat(x) * y + Calls.halfFloat(y * y);
  }
}
