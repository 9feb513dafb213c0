package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Helpers that return what they were passed, as Java libraries often do: BLAS-style kernels
 * writing into their output array and returning it ({@code axpy}, {@code normalize}), and
 * fluent in-place methods of a mutable vector returning {@code this}. A call reads as the
 * argument itself.
 */
public final class ReturningArguments {
  private ReturningArguments() {}

  /** A mutable 2-vector with fluent in-place operations. */
  public static final class Vec {
    double x;
    double y;

    public Vec(double x, double y) {
      this.x = x;
      this.y = y;
    }

    Vec addInPlace(Vec o) {
      x += o.x;
      y += o.y;
      return this;
    }

    Vec scaleInPlace(double s) {
      x *= s;
      y *= s;
      return this;
    }
  }

  private static double[] axpy(double a, double[] x, double[] y) {
    for (int i = 0; i < x.length; i++) {
      y[i] += a * x[i];
    }
    return y;
  }

  private static double[] normalize(double[] v) {
    double n = 0.0;
    for (double e : v) {
      n += e * e;
    }
    n = Math.sqrt(n);
    if (n == 0.0) {
      return v;
    }
    for (int i = 0; i < v.length; i++) {
      v[i] /= n;
    }
    return v;
  }

  private static double[][] scaleRows(double[][] m, double s) {
    for (double[] row : m) {
      for (int j = 0; j < row.length; j++) {
        row[j] *= s;
      }
    }
    return m;
  }

  /** Kernels chained through their results. */
  @Grad
  public static double chained(double a, double[] x, double[] y) {
    double[] z = axpy(a, x, y.clone());
    double[] u = normalize(axpy(2 * a, z, x.clone()));
    double s = 0.0;
    for (int i = 0; i < u.length; i++) {
      s += u[i] * z[i] + y[i];
    }
    return s + scaleRows(new double[][] {x.clone()}, a)[0][0];
  }

  /** Kernels writing into the method's own argument, their results ignored or copied. */
  @Grad
  public static double inPlace(double[] x, double a) {
    axpy(a, x.clone(), x);
    double[] copy = normalize(x).clone();
    copy[0] += a;
    return x[0] * x[x.length - 1] + copy[0];
  }

  /** Fluent calls on a vector built here and on one passed in. */
  @Grad
  public static double fluent(Vec v, double s) {
    Vec w = new Vec(1.0, 2.0).addInPlace(v).scaleInPlace(s);
    v.scaleInPlace(s).addInPlace(w);
    return w.x * v.y + w.y;
  }
}
