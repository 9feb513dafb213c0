package io.jgrad.corpus.arrays;

import io.jgrad.Grad;

/**
 * Array results ({@code double[]}: forward returns a {@code DualArray}, reverse takes
 * {@code resultBar}, and there is a {@code ...Jacobian}) and {@code void} methods whose outputs
 * are the arrays they write.
 */
public final class Results {
  private Results() {}

  /** From issue 3: an array result, a max over an enhanced for, a local updated in place. */
  @Grad
  static double[] softmax(double[] z) {
    double m = Double.NEGATIVE_INFINITY;
    for (double v : z) m = Math.max(m, v);
    double[] e = new double[z.length]; double s = 0;
    for (int i = 0; i < z.length; i++) { e[i] = Math.exp(z[i] - m); s += e[i]; }
    for (int i = 0; i < e.length; i++) e[i] /= s;
    return e;
  }

  /**
   * From issue 3: one explicit step of a nonlinear diffusion on a ring, written into {@code out}
   * (whose entry contents do not matter).
   */
  @Grad
  static void step(double[] state, double[] out, double dt) {
    int n = state.length;
    for (int i = 0; i < n; i++) {
      double left = state[(i + n - 1) % n];
      double right = state[(i + 1) % n];
      out[i] = state[i] + dt * (left - 2.0 * state[i] + right - Math.sin(state[i]));
    }
  }

  /** a * x as a new array (a scalar and an array input, an array output). */
  @Grad
  public static double[] scaled(double[] x, double a) {
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      y[i] = a * x[i];
    }
    return y;
  }

  /** a * x for a {@code double[][]} a. */
  @Grad
  public static double[] matVec(double[][] a, double[] x) {
    double[] y = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      double s = 0.0;
      for (int j = 0; j < x.length; j++) {
        s += a[i][j] * x[j];
      }
      y[i] = s;
    }
    return y;
  }

  /** x / |x|. */
  @Grad
  public static double[] normalize(double[] x) {
    double s = 0.0;
    for (double v : x) {
      s += v * v;
    }
    double norm = Math.sqrt(s);
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      y[i] = x[i] / norm;
    }
    return y;
  }

  /** The concatenation of sin(a) and b * b[0]: the result is longer than either input. */
  @Grad
  public static double[] concatenate(double[] a, double[] b) {
    double[] y = new double[a.length + b.length];
    for (int i = 0; i < a.length; i++) {
      y[i] = Math.sin(a[i]);
    }
    for (int i = 0; i < b.length; i++) {
      y[a.length + i] = b[i] * b[0];
    }
    return y;
  }

  /** A polynomial with coefficients c evaluated (Horner) at each point of ts. */
  @Grad
  public static double[] polyValues(double[] c, double[] ts) {
    double[] y = new double[ts.length];
    for (int k = 0; k < ts.length; k++) {
      double r = 0.0;
      for (int i = c.length - 1; i >= 0; i--) {
        r = r * ts[k] + c[i];
      }
      y[k] = r;
    }
    return y;
  }

  /** Returns a row of a local matrix. */
  @Grad
  public static double[] rowOfLocalMatrix(double[] x) {
    int n = x.length;
    double[][] m = new double[3][];
    m[0] = x.clone();
    m[1] = new double[n];
    m[2] = new double[n];
    for (int i = 0; i < n; i++) {
      m[2][i] = m[0][i] * m[0][(i + 1) % n];
      m[1][i] = Math.cos(m[2][i]) + m[0][i];
    }
    return m[1];
  }

  /** Overwrites its argument and returns a fresh array computed from the overwritten values. */
  @Grad
  public static double[] mutateAndReturn(double[] x) {
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      x[i] = Math.exp(0.5 * x[i]);
      y[i] = x[i] * x[(i + 1) % x.length];
    }
    return y;
  }

  /** void: out = a * x, for a {@code double[][]} a (out's entry contents are ignored). */
  @Grad
  public static void matVecInto(double[][] a, double[] x, double[] out) {
    for (int i = 0; i < a.length; i++) {
      out[i] = 0.0;
      for (int j = 0; j < x.length; j++) {
        out[i] += a[i][j] * x[j];
      }
    }
  }

  /** void: acc += u v^T (a rank-one update of a {@code double[][]} parameter). */
  @Grad
  public static void outerProductInto(double[][] acc, double[] u, double[] v) {
    for (int i = 0; i < acc.length; i++) {
      for (int j = 0; j < acc[i].length; j++) {
        acc[i][j] += u[i] * v[j];
      }
    }
  }

  /** void: in-place elementwise map x[i] = x[i] * sigmoid(x[i]) (SiLU), scaled by beta. */
  @Grad
  public static void siluInPlace(double[] x, double beta) {
    for (int i = 0; i < x.length; i++) {
      x[i] = x[i] / (1.0 + Math.exp(-beta * x[i]));
    }
  }
}
