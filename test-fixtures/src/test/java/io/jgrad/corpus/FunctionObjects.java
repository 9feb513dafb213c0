package io.jgrad.corpus;

import io.jgrad.Grad;
import io.jgrad.NoGrad;
import java.io.IOException;

/**
 * Signatures whose function objects ({@code FunctionObjects_Rrule.fFunction(...)}) {@code
 * FunctionObjectsTest} checks against the rules, with {@code Classic.rosenbrock} (a single
 * {@code double[]}) and {@code SecondOrder.squaredInPlace} (an argument the method writes): a
 * scalar with an array, an {@code int} and data, a ragged {@code double[][]} whose rows the
 * method moves, an {@code int[]} of data the method writes, float inputs, a {@code double[]}
 * result, a method without second-order rules, and two that get no function object (a record
 * parameter, a declared checked exception).
 */
public final class FunctionObjects {
  private FunctionObjects() {}

  /** A point of the plane: a record input, which function objects do not take. */
  public record Pair(double a, double b) {}

  /** A scaled least-squares fit of {@code data} over its first {@code n} entries. */
  @Grad
  public static double weightedLoss(double a, double[] x, int n, @NoGrad double[] data) {
    double s = 0;
    for (int i = 0; i < n; i++) {
      double r = a * x[i] - data[i];
      s += r * r;
    }
    return s + Math.exp(a * x[0]);
  }

  /**
   * Cubes of a ragged matrix's entries, weighted by row; then the last row becomes the first
   * and is changed through it: a second call starting from the rows as they are left would fill
   * one row twice.
   */
  @Grad
  public static double movedRows(double[][] m) {
    double s = 0;
    for (int i = 0; i < m.length; i++) {
      for (int j = 0; j < m[i].length; j++) {
        s += (i + 1) * m[i][j] * m[i][j] * m[i][j];
      }
    }
    m[m.length - 1] = m[0];
    m[0][0] *= 3;
    return s + Math.sin(m[m.length - 1][0]);
  }

  /**
   * A weighted sum of squares over an order of the entries, which it then rotates in place:
   * every call must start from the order bound to the function object.
   */
  @Grad
  public static double permuted(double[] x, int[] order) {
    double s = 0;
    for (int i = 0; i < order.length; i++) {
      s += (i + 1) * x[order[i]] * x[order[i]] * x[order[i]];
    }
    int first = order[0];
    for (int i = 0; i + 1 < order.length; i++) {
      order[i] = order[i + 1];
    }
    order[order.length - 1] = first;
    return s;
  }

  /** Float inputs, computed in float: the point's entries are rounded to float. */
  @Grad
  public static double floatScaled(float a, float[] w, double[] x) {
    float s = 0f;
    for (int i = 0; i < w.length; i++) {
      s += a * w[i] * (float) x[i];
    }
    return s * s + Math.cos(a);
  }

  /** The residuals of {@code p0 exp(p1 t) - y}: a vector result, a Jacobian function. */
  @Grad
  public static double[] residuals(double[] p, @NoGrad double[] t, @NoGrad double[] y) {
    double[] r = new double[t.length];
    for (int i = 0; i < t.length; i++) {
      r[i] = p[0] * Math.exp(p[1] * t[i]) - y[i];
    }
    return r;
  }

  /** The squared norm of Rosenbrock's gradient: reads rules, so it has no second order. */
  @Grad
  public static double gradientNorm(double[] x) {
    double[] g = Classic_Rrule.rosenbrock(x).xBar();
    double s = 0;
    for (int i = 0; i < g.length; i++) {
      s += g[i] * g[i];
    }
    return s;
  }

  /** A record parameter: no function object. */
  @Grad
  public static double pairNorm(Pair p) {
    return p.a() * p.a() + p.b() * p.b();
  }

  /** A declared checked exception: no function object (the interfaces throw none). */
  @Grad
  public static double checked(double x) throws IOException {
    if (x > 1e300) {
      throw new IOException("too large");
    }
    return x * x;
  }
}
