package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Throws at the end of branches, in else-if chains, inside loops, after loops that only an
 * exception leaves, and as a whole body (issue 8, item 8): the rules must compile (no statement
 * after a throw) and throw where the primal throws. The checked points avoid the throws;
 * {@link ThrowsTest} checks the exceptions (also of {@link AlwaysThrows}).
 */
public final class Throws {
  private Throws() {}

  @Grad
  public static double elseThrows(double x) {
    if (x > -10) {
      return x * x;
    } else {
      throw new IllegalArgumentException("x = " + x);
    }
  }

  @Grad
  public static double elseIfChainThrows(double x, int k) {
    double r;
    if (k == 0) {
      r = x;
    } else if (k == 1) {
      r = x * x;
    } else if (k == 2) {
      r = Math.sin(x);
    } else {
      throw new IllegalStateException("k = " + k);
    }
    return r * x;
  }

  @Grad
  public static double elseThrowsInLoop(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      if (x[i] < 10) {
        s += x[i] * x[i];
      } else {
        throw new ArithmeticException("too large: " + x[i]);
      }
    }
    return s;
  }

  /**
   * Sums into the result (so fAdjoint runs both sweeps itself, borrowing its work arrays from the
   * thread's tapes) and, for a negative {@code k}, throws at the second term: the throw gives
   * the arrays back.
   */
  @Grad
  public static double throwsAfterWorkArrays(double[] x, int k) {
    int n = x.length;
    double[] w = new double[n];
    for (int i = 0; i < n; i++) {
      w[i] = x[i] * x[i];
    }
    double s = 0;
    for (int i = 0; i < n; i++) {
      s += Math.sin(w[i]) * x[(i * k) % n];
    }
    return s;
  }

  @Grad
  public static double bothBranchesThrowInLoop(double x, int n) {
    double y = x;
    for (int i = 0; i < 10; i++) {
      if (i >= n) {
        return y;
      }
      y = Math.sin(y) + x;
      if (i > 20) {
        throw new IllegalStateException("never");
      } else if (i > 30) {
        throw new IllegalArgumentException("never either");
      }
    }
    throw new IllegalStateException("n = " + n + " is too large");
  }

  @Grad
  public static double whileTrueLeftByReturn(double x) {
    double y = x;
    int n = 0;
    while (true) {
      y = y * 0.5 + x * 0.25;
      if (++n > 3) {
        return y * y;
      }
    }
  }

  @Grad
  public static void voidThrows(double[] x, double a) {
    x[0] = a;
    if (a > 0) {
      throw new IllegalArgumentException("a = " + a);
    }
    x[1] = a * a;
  }

  /** Recursion as deep as n: a large n overflows the stack in the primal and in the rules. */
  @Grad
  public static double recursion(double x, int n) {
    if (n <= 0) {
      return x;
    }
    return Math.sin(recursion(x, n - 1)) * x;
  }

  /** Recursion over an array argument that it reads and writes. */
  @Grad
  public static double arrayRecursion(double[] x, int n) {
    if (n <= 0) {
      return x[0];
    }
    double r = arrayRecursion(x, n - 1);
    x[n % x.length] *= 0.5;
    return Math.sin(r) * x[n % x.length];
  }
}
