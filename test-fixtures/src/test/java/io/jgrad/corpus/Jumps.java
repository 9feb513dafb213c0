package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Jumps: break and continue (plain and labelled, out of nested loops), while (true) with break,
 * break and continue in do/while (continue jumps to the condition), early returns inside loops,
 * nested loops and nested ifs.
 */
public final class Jumps {
  private Jumps() {}

  /** Break once an accumulated value passes a threshold; code after the break-if. */
  @Grad
  public static double breakOnThreshold(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * x[i];
      if (s > 2.0) {
        break;
      }
      s *= 1.1;
    }
    return s;
  }

  /** Continue on an index condition and on a value condition. */
  @Grad
  public static double continueSkip(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      if (i % 3 == 1) {
        continue;
      }
      if (x[i] < 0.0) {
        s -= 0.5 * x[i];
        continue;
      }
      s += x[i] * x[i] * x[i];
    }
    return s;
  }

  /** Labelled break out of a nested loop on a value condition. */
  @Grad
  public static double labelledBreak(double[] x) {
    double s = 0.0;
    outer:
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < x.length; j++) {
        double p = x[i] * x[j];
        if (p > 2.0) {
          break outer;
        }
        s += p;
      }
      s *= 0.9;
    }
    return s;
  }

  /** Labelled continue of the outer loop, on an index and on a value condition. */
  @Grad
  public static double labelledContinue(double[] x) {
    double s = 0.0;
    outer:
    for (int i = 0; i < x.length; i++) {
      double row = 0.0;
      for (int j = 0; j < x.length; j++) {
        if (j > i) {
          s += row * row;
          continue outer;
        }
        if (x[j] < -0.5) {
          continue outer;
        }
        row += Math.sin(x[i] + x[j]);
      }
      s += row;
    }
    return s;
  }

  /** Return from inside a loop; a different return after it. */
  @Grad
  public static double earlyReturnInLoop(double[] x, double t) {
    for (int i = 0; i < x.length; i++) {
      if (x[i] > t) {
        return x[i] * t + i;
      }
    }
    return t * t;
  }

  /** Return from the inner loop of a nest. */
  @Grad
  public static double returnInNestedLoop(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      for (int j = i + 1; j < x.length; j++) {
        s += x[i] * x[j];
        if (x[i] * x[j] > 0.8) {
          return s * x[j];
        }
      }
    }
    return s + x[0];
  }

  /** Returns from nested ifs. */
  @Grad
  public static double earlyReturnInIf(double x, double y) {
    if (x > 0.0) {
      if (y > 0.0) {
        return x * y;
      }
      double t = x - y;
      if (t > 2.0) {
        return Math.log(t);
      }
      return t * t;
    }
    return x * x * y;
  }

  /** while (true) left by break. */
  @Grad
  public static double whileTrueBreak(double x) {
    double s = x;
    int k = 0;
    while (true) {
      s = s * 0.5 + Math.cos(s);
      k++;
      if (k >= 6) {
        break;
      }
    }
    return s;
  }

  /** break in the middle of a do/while body. */
  @Grad
  public static double breakInDoWhile(double x, int n) {
    double s = x;
    int i = 0;
    do {
      s = s * x + 1.0;
      i++;
      if (i >= n) {
        break;
      }
      s = Math.sqrt(s * s + 1.0);
    } while (i < 10);
    return s;
  }

  /** continue in a while loop whose counter is updated at the top of the body. */
  @Grad
  public static double continueInWhile(double[] x) {
    int i = -1;
    double s = 0.0;
    while (i < x.length - 1) {
      i++;
      if (x[i] > 0.5) {
        continue;
      }
      s = s * 0.5 + Math.exp(x[i]);
    }
    return s + x[0];
  }

  /** continue in a do/while jumps to the condition, not to the top of the body. */
  @Grad
  public static double continueInDoWhile(double x) {
    double s = x;
    int i = 0;
    do {
      i++;
      if (i % 2 == 0) {
        continue;
      }
      s = s * Math.sin(s) + x;
    } while (i < 7);
    return s;
  }
}
