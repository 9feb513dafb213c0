package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * {@code @Grad} methods that call ordinary static helpers without {@code @Grad}: private ones,
 * package-private ones in another class ({@link HelperLibrary}), overloads, recursion, a helper
 * shared by several entry points, helpers that write arrays or return them, helpers calling
 * helpers and {@code @Grad} methods (issue 9, item 1). The private helpers are not corpus
 * entries: they are checked through the entry points.
 */
public final class Helpers {
  private Helpers() {}

  private static double square(double x) {
    return x * x;
  }

  private static double square(float x) {
    return x * x;
  }

  private static double scale(double x, double by) {
    return x * by;
  }

  private static double scale(double x) {
    return scale(x, 2.0);
  }

  /** x^n by recursion, with an int argument. */
  private static double power(double x, int n) {
    if (n == 0) {
      return 1.0;
    }
    return x * power(x, n - 1);
  }

  private static double[] softmax(double[] z) {
    double max = z[0];
    for (int i = 1; i < z.length; i++) {
      max = Math.max(max, z[i]);
    }
    double[] p = new double[z.length];
    double sum = 0.0;
    for (int i = 0; i < z.length; i++) {
      p[i] = Math.exp(z[i] - max);
      sum += p[i];
    }
    for (int i = 0; i < z.length; i++) {
      p[i] /= sum;
    }
    return p;
  }

  /** Called by other entry points as a {@code @Grad} method, and by a helper. */
  @Grad
  public static double sumOfSquares(double[] x) {
    double s = 0.0;
    for (double v : x) {
      s += square(v);
    }
    return s;
  }

  /** The same private helper from two entry points; overloads resolved by type. */
  @Grad
  public static double overloads(double x, float y) {
    return square(x) + square(y) + scale(x) - scale(x, y);
  }

  @Grad
  public static double recursion(double x, int n) {
    return power(x, n) + power(2.0 * x, n / 2);
  }

  /** Logistic regression loss of one sample, through helpers of another class. */
  @Grad
  public static double logisticLoss(double[] w, double[] x, double y) {
    double z = HelperLibrary.dot(w, x);
    double p = HelperLibrary.sigmoid(z);
    return -(y * Math.log(p) + (1.0 - y) * Math.log(1.0 - p)) + HelperLibrary.softplus(z - 40.0);
  }

  /** Cross-entropy of a softmax computed by a helper that returns a new array. */
  @Grad
  public static double crossEntropy(double[] z, int label) {
    double[] p = softmax(z);
    return -Math.log(p[label]);
  }

  /** A helper that writes into an array the entry point allocated, and one it was given. */
  @Grad
  public static double axpyTwice(double a, double[] x, double[] y) {
    double[] t = new double[x.length];
    HelperLibrary.axpy(a, x, t);
    HelperLibrary.axpy(a * a, t, y);
    return HelperLibrary.squaredNorm(y) + HelperLibrary.dot(t, t);
  }

  /**
   * Private helpers called where no derivative flows (constant and int arguments): the rules
   * still call them through their rules, never the private method itself (random programs, seed
   * 1, program 75).
   */
  @Grad
  public static double helpersOnConstants(double x, int n) {
    double c = square(0.75) + scale(n);
    return x * c + power(1.5, n);
  }

  /** A private helper whose int result has no derivative: the rules call a copy of it. */
  private static int bin(double[] edges, double t) {
    int i = 0;
    while (i < edges.length && edges[i] <= t) {
      i++;
    }
    return i;
  }

  @Grad
  public static double binnedScale(double[] edges, double[] weights, double t) {
    int k = bin(edges, t);
    return weights[k] * t * t + edges[Math.min(k, edges.length - 1)];
  }

  /** The Cholesky factor of a symmetric positive definite matrix, as a new matrix. */
  private static double[][] cholesky(double[][] a) {
    int n = a.length;
    double[][] l = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j <= i; j++) {
        double s = a[i][j];
        for (int k = 0; k < j; k++) {
          s -= l[i][k] * l[j][k];
        }
        l[i][j] = i == j ? Math.sqrt(s) : s / l[j][j];
      }
    }
    return l;
  }

  /** B B^T + n I: symmetric positive definite. */
  private static double[][] gram(double[][] b) {
    int n = b.length;
    double[][] g = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double s = i == j ? n : 0.0;
        for (int k = 0; k < b[i].length; k++) {
          s += b[i][k] * b[j][k];
        }
        g[i][j] = s;
      }
    }
    return g;
  }

  /** log det(B B^T + n I) through helpers that return matrices. */
  @Grad
  public static double logDetGram(double[][] b) {
    double[][] l = cholesky(gram(b));
    double s = 0.0;
    for (int i = 0; i < l.length; i++) {
      s += 2.0 * Math.log(l[i][i]);
    }
    return s;
  }

  /** Fills {@code out} with draws from a long state (data, no derivative); returns the state. */
  private static long fillUniform(long state, double[] out) {
    long s = state;
    for (int i = 0; i < out.length; i++) {
      s = s * 6364136223846793005L + 1442695040888963407L;
      out[i] = (s >>> 11) * 0x1.0p-53 - 0.5;
    }
    return s;
  }

  /** Counts into the int[] it is given; returns how many values were positive. */
  private static int countPositive(double[] x, int[] counts) {
    int n = 0;
    for (int i = 0; i < x.length; i++) {
      if (x[i] > 0) {
        counts[i % counts.length]++;
        n++;
      }
    }
    return n;
  }

  /**
   * Helpers with long and int results that write arrays: a random-number fill of a local array,
   * and counts into the caller's int[] (the rules leave it as the primal does).
   */
  @Grad
  public static double noisyMean(double s0, double vol, long seed, int[] counts) {
    double[] z = new double[6];
    long next = fillUniform(seed, z);
    double sum = 0.0;
    for (double v : z) {
      sum += s0 * Math.exp(vol * v);
    }
    int positive = countPositive(z, counts);
    return sum / z.length + positive * s0 + (next & 3);
  }

  /**
   * An int helper with effects inside expressions: each call runs once in every rule (the counts
   * end as the primal leaves them) and a derivative reads its result, never calls it again.
   */
  @Grad
  public static double countedInline(double[] x, int[] counts) {
    return x[0] * countPositive(x, counts) + x[countPositive(x, counts) % x.length];
  }
}
