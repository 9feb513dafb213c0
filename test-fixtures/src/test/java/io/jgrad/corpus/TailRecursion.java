package io.jgrad.corpus;

import io.jgrad.Grad;
import io.jgrad.NoGrad;

/**
 * Methods that call themselves in tail position, which jgrad turns into loops: the recursion in
 * either branch, statements before the test, arguments that read parameters reassigned by the
 * same call (a swap), arrays and {@code @NoGrad} data passed on as they are, several tail calls,
 * and a recursion that is not in tail position next to one that is.
 */
public final class TailRecursion {
  private TailRecursion() {}

  /** The suite's large_single_block: x * a^n. */
  @Grad
  public static double power(double x, double a, int n) {
    return n > 0 ? power(x * a, a, n - 1) : x;
  }

  /** The recursion in the else branch, with statements before the test. */
  @Grad
  public static double damped(double x, double y, int n) {
    double s = Math.sin(x) * y;
    if (n <= 0) {
      return s + x;
    } else {
      return damped(0.5 * x + 0.1 * s, y * Math.cos(x), n - 1);
    }
  }

  /** Swapped arguments: each reads the other parameter's old value. */
  @Grad
  public static double swap(double x, double y, int n) {
    if (n == 0) {
      return x * x + 3 * y;
    }
    return swap(y + 0.25 * x, x, n - 1);
  }

  /** An accumulator over an array passed on as it is; @NoGrad data likewise. */
  @Grad
  public static double weightedSum(double[] x, @NoGrad double[] w, int i, double acc) {
    if (i == x.length) {
      return acc;
    }
    return weightedSum(x, w, i + 1, acc + w[i] * Math.exp(x[i]));
  }

  /** Several tail calls and a base case in the middle. */
  @Grad
  public static double collatzLike(double x, int n) {
    if (n <= 0) {
      return x;
    } else if (n % 2 == 0) {
      return collatzLike(Math.sqrt(x * x + 1), n / 2);
    } else if (n > 10) {
      return x * x;
    }
    return collatzLike(x * 1.5 - 0.25, n - 1);
  }

  /** Not in tail position (the product after the call): stays a recursion. */
  @Grad
  public static double factorialLike(double x, int n) {
    return n <= 1 ? x : x * factorialLike(x + 0.5, n - 1);
  }

  /** Calls the tail-recursive methods from a loop. */
  @Grad
  public static double caller(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += power(x[i], 0.9, i + 2) + swap(x[i], s, 3);
    }
    return s + weightedSum(x, new double[] {1.0, 2.0, 3.0}, 0, 0.0);
  }
}
