package io.jgrad.corpus.arrays;

import io.jgrad.Grad;

/**
 * Local arrays: {@code new double[n]}, {@code new double[n][m]}, {@code new double[n][]} with rows
 * allocated later (a triangle), initialisers {@code {a, b}} (also of a {@code double[][]}), a
 * buffer overwritten on every iteration, rows of a local matrix held in locals and written
 * through them, enhanced {@code for} over local arrays and matrices, a local that refers to the
 * parameter array itself, and two local arrays whose references are swapped every step.
 */
public final class LocalArrays {
  private LocalArrays() {}

  /** y[i] = x[i]^2 in a fresh local, then sum of sin(y[i]). */
  @Grad
  public static double squaresInLocal(double[] x) {
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      y[i] = x[i] * x[i];
    }
    double s = 0.0;
    for (int i = 0; i < y.length; i++) {
      s += Math.sin(y[i]);
    }
    return s;
  }

  /** Only scalar parameters: an initialiser of computed values, then element reads and writes. */
  @Grad
  public static double initializer(double a, double b) {
    double[] v = {a, b, a * b, Math.sin(a)};
    v[1] += v[3] * v[2];
    double[] w = new double[] {v[0] - v[1], 2.0, v[3]};
    return v[0] * v[3] + v[1] * v[2] + w[0] * w[2] / w[1];
  }

  /** A local n x n matrix m = x x^T + I, then the trace of m * m. */
  @Grad
  public static double localMatrix(double[] x) {
    int n = x.length;
    double[][] m = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        m[i][j] = x[i] * x[j];
      }
      m[i][i] += 1.0;
    }
    double t = 0.0;
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < n; k++) {
        t += m[i][k] * m[k][i];
      }
    }
    return t;
  }

  /** {@code new double[n][]} with row i allocated as {@code new double[i + 1]}: a triangle. */
  @Grad
  public static double jaggedTriangle(double[] x) {
    int n = x.length;
    double[][] tri = new double[n][];
    for (int i = 0; i < n; i++) {
      tri[i] = new double[i + 1];
      for (int j = 0; j <= i; j++) {
        tri[i][j] = j == 0 ? x[i] : tri[i][j - 1] * x[j] + Math.cos(x[i]);
      }
    }
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      s += tri[i][i] * tri[i][0];
    }
    return s;
  }

  /** A row of a local matrix held in a local and written through it. */
  @Grad
  public static double rowThroughLocal(double[] x) {
    int n = x.length;
    double[][] m = new double[2][n];
    double[] row = m[1];
    for (int i = 0; i < n; i++) {
      row[i] = Math.tanh(x[i]);
      m[0][i] = 2.0 * m[1][i] + x[i];
    }
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      s += m[0][i] * row[i];
    }
    return s;
  }

  /** One local buffer overwritten on each of three sweeps: buf[i] = tanh(buf[i] + x[i] * buf[i - 1]). */
  @Grad
  public static double reusedBuffer(double[] x) {
    double[] buf = new double[x.length];
    for (int sweep = 0; sweep < 3; sweep++) {
      for (int i = 0; i < buf.length; i++) {
        double prev = i == 0 ? 1.0 : buf[i - 1];
        buf[i] = Math.tanh(buf[i] + x[i] * prev);
      }
    }
    double s = 0.0;
    for (int i = 0; i < buf.length; i++) {
      s += buf[i];
    }
    return s;
  }

  /** Enhanced {@code for} over a local array and over a local {@code double[][]}. */
  @Grad
  public static double enhancedForOverLocals(double[] x) {
    double[] sq = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      sq[i] = x[i] * x[i];
    }
    double s = 0.0;
    for (double v : sq) {
      s += Math.sqrt(v + 1.0);
    }
    double[][] pairs = {sq, x};
    for (double[] row : pairs) {
      for (double v : row) {
        s += 0.25 * v * row[0];
      }
    }
    return s;
  }

  /** A local {@code double[] y = x} that aliases the parameter: writes through y change x. */
  @Grad
  public static double localAliasOfParameter(double[] x) {
    double[] y = x;
    y[0] = y[0] * 2.0 + y[1];
    y[1] = Math.exp(x[0] * 0.5);
    return x[0] * x[1] + y[2];
  }

  /** Two local buffers whose references are swapped after every smoothing step (ping-pong). */
  @Grad
  public static double pingPongBuffers(double[] x, int steps) {
    int n = x.length;
    double[] a = x.clone();
    double[] b = new double[n];
    for (int k = 0; k < steps; k++) {
      for (int i = 0; i < n; i++) {
        double left = a[(i + n - 1) % n];
        double right = a[(i + 1) % n];
        b[i] = 0.5 * a[i] + 0.25 * (left + right) + 0.1 * Math.sin(a[i]);
      }
      double[] t = a;
      a = b;
      b = t;
    }
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      s += (i + 1) * a[i] * a[i];
    }
    return s;
  }

  /** A local array twice as long as the parameter, indexed by arithmetic on i. */
  @Grad
  public static double interleaved(double[] x) {
    double[] y = new double[2 * x.length];
    for (int i = 0; i < x.length; i++) {
      y[2 * i] = x[i];
      y[2 * i + 1] = -x[i] * x[i];
    }
    double s = 0.0;
    for (int i = 0; i < y.length; i++) {
      s += y[i] * (i + 1) / y.length;
    }
    return s * y[1];
  }
}
