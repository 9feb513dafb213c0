package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Calls between {@code @Grad} methods of the same class: scalar and array arguments, int
 * arguments, the same array passed twice, nested calls, calls in loops, in branches, as arguments
 * of Math functions, a float-returning callee, and a recursive method.
 */
public final class Calls {
  private Calls() {}

  @Grad
  public static double square(double x) {
    return x * x;
  }

  @Grad
  public static double poly(double x, double a) {
    return a * square(x) + 3.0 * x - a;
  }

  /** A callee called once per loop iteration with an array element. */
  @Grad
  public static double normSquared(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += square(x[i]);
    }
    return s;
  }

  /** Two array parameters (same length in the checks). */
  @Grad
  public static double dot(double[] x, double[] y) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * y[i];
    }
    return s;
  }

  /** Array and scalar arguments; the same array passed as both arguments of dot. */
  @Grad
  public static double weightedNorm(double[] x, double w) {
    return w * normSquared(x) + dot(x, x) * square(w);
  }

  /** An int index parameter. */
  @Grad
  public static double element(double[] x, int i) {
    return x[i] * Math.sin(x[i]);
  }

  /** A callee taking the loop counter as its int argument. */
  @Grad
  public static double sumOfElements(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += element(x, i);
    }
    return s;
  }

  /** Calls nested in each other's arguments. */
  @Grad
  public static double nestedCalls(double x) {
    return square(square(x)) + poly(square(x), x);
  }

  /** Calls as arguments of Math functions. */
  @Grad
  public static double callsInMath(double x) {
    return Math.sin(square(x)) + Math.exp(-poly(x, 0.5));
  }

  /** Int argument bounding a loop in the callee. */
  @Grad
  public static double partialSum(double[] x, int n) {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      s += x[i] * x[i] * (i + 1);
    }
    return s;
  }

  /** The same callee with computed int arguments. */
  @Grad
  public static double callWithIntArg(double[] x) {
    return partialSum(x, x.length / 2) * partialSum(x, x.length);
  }

  /** Different callees on the two arms of a value-dependent branch. */
  @Grad
  public static double callInBranch(double x, double y) {
    if (x > y) {
      return square(x - y) + poly(x, y);
    }
    return poly(y, x) * Math.cos(square(x));
  }

  /** A loop-carried value threaded through a call inside a Math function. */
  @Grad
  public static double tanhChain(double[] x, double a) {
    double p = a;
    for (int i = 0; i < x.length; i++) {
      p = Math.tanh(0.3 * poly(p, x[i]));
    }
    return p;
  }

  /** A float-returning callee (called from CallsOther). */
  @Grad
  public static float halfFloat(double x) {
    return (float) (0.5 * x);
  }

  /** Recursion: x^n as x * x^(n-1). */
  @Grad
  public static double powRecursive(double x, int n) {
    if (n == 0) {
      return 1.0;
    }
    return x * powRecursive(x, n - 1);
  }
}
