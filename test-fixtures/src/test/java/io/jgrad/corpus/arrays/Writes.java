package io.jgrad.corpus.arrays;

import io.jgrad.Grad;

/**
 * Writes into array parameters: element writes, compound writes ({@code +=}, {@code *=}, ...),
 * {@code ++}/{@code --} on elements, overwriting an element that is read again later, in-place
 * recurrences, in-place reversal, value-dependent writes, a loop that breaks on a written value,
 * and writes into the rows of a {@code double[][]}. The checked outputs include the final contents
 * of every written parameter.
 */
public final class Writes {
  private Writes() {}

  /** From issue 3: mutates its argument, then reads the mutated element. */
  @Grad
  static double expInPlace(double[] x) {
    for (int n = 0; n < x.length; n++) x[n] = Math.exp(x[n]);
    return Math.sin(x[0]);
  }

  /** Compound writes with a scalar parameter: x[i] *= a, then x[i] -= a * a. */
  @Grad
  public static double scaleInPlace(double[] x, double a) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      x[i] *= a;
      x[i] -= a * a;
      s += x[i] * x[i];
    }
    return s;
  }

  /** {@code ++} and {@code --} on elements, as statements and inside expressions. */
  @Grad
  public static double incrementElements(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      x[i]++;
      s += x[i] * x[i];
    }
    x[0]--;
    double before = x[1]++;
    double after = --x[2];
    return s + x[0] * before + after * x[1];
  }

  /**
   * x[i] = x[i] * x[(i + 1) % n] for i = 0 .. n-1: the last step reads x[0], already overwritten;
   * every old value is needed by the reverse sweep.
   */
  @Grad
  public static double overwriteWithNeighbour(double[] x) {
    int n = x.length;
    for (int i = 0; i < n; i++) {
      x[i] = x[i] * x[(i + 1) % n] + 0.5;
    }
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      s += Math.sin(x[i]);
    }
    return s;
  }

  /** An in-place first-order recurrence (IIR filter): x[i] += a * x[i - 1]. */
  @Grad
  public static double inPlaceRecurrence(double[] x, double a) {
    for (int i = 1; i < x.length; i++) {
      x[i] += a * x[i - 1];
    }
    return x[x.length - 1];
  }

  /** Reverses x in place by swapping elements through a scalar temporary. */
  @Grad
  public static double reverseInPlace(double[] x) {
    int n = x.length;
    for (int i = 0; i < n / 2; i++) {
      double t = x[i];
      x[i] = x[n - 1 - i];
      x[n - 1 - i] = t;
    }
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      s += (i + 1) * x[i] * x[i];
    }
    return s;
  }

  /** Value-dependent writes: sqrt of positive elements, minus the square of negative ones. */
  @Grad
  public static double conditionalWrites(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      if (x[i] > 0) {
        x[i] = Math.sqrt(x[i]);
      } else {
        x[i] = -x[i] * x[i];
      }
      s += (i + 1) * x[i];
    }
    return s;
  }

  /** Writes cos(x[i]) and stops after the first written value below 0.3 (value-dependent). */
  @Grad
  public static double breakOnWrittenValue(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      x[i] = Math.cos(x[i]);
      s += x[i] * (i + 1);
      if (x[i] < 0.3) {
        break;
      }
    }
    return s;
  }

  /** Writes y from x (y[i] = 0.5 y[i - 1] + x[i] * y[i]) and returns a scalar of both. */
  @Grad
  public static double writeSecondArray(double[] x, double[] y) {
    for (int i = 1; i < y.length; i++) {
      y[i] = 0.5 * y[i - 1] + x[i] * y[i];
    }
    return y[y.length - 1] + x[0] * y[0];
  }

  /** Gradient-descent-like update of the rows of w, in place: w[i][j] -= lr * g[j] * w[i][j]. */
  @Grad
  public static double updateMatrixRows(double[][] w, double[] g, double lr) {
    double s = 0.0;
    for (int i = 0; i < w.length; i++) {
      for (int j = 0; j < w[i].length; j++) {
        w[i][j] -= lr * g[j] * w[i][j];
        s += w[i][j] * w[i][j];
      }
    }
    return s;
  }
}
