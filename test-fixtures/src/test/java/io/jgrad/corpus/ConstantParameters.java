package io.jgrad.corpus;

import io.jgrad.Grad;
import io.jgrad.NoGrad;

/**
 * Parameters declared {@code @NoGrad}: data the rules take as constants, with no tangent or
 * adjoint. Scalars, arrays, matrices and records of data; a scalar the method reassigns; an
 * array parameter pointed at a new array; data passed on to a helper and to another
 * {@code @Grad} method's {@code @NoGrad} parameter.
 */
public final class ConstantParameters {
  private ConstantParameters() {}

  /** Observations of a linear model. */
  public record Data(double[][] x, double[] y) {}

  /** A mutable object of data with a method. */
  public static final class Samples {
    double[] values;
    double scale;

    public Samples(double[] values, double scale) {
      this.values = values;
      this.scale = scale;
    }

    double at(int i) {
      return values[i] * scale;
    }
  }

  /** float and float[] data, and an object of data read through its method. */
  @Grad
  public static double floats(double a, @NoGrad float g, @NoGrad float[] fs,
      @NoGrad Samples samples) {
    double s = a * g;
    for (int i = 0; i < fs.length; i++) {
      s += Math.sin(a * fs[i]) + samples.at(i) * a;
    }
    return s;
  }

  /** Least squares of a linear model: the gradient with respect to the weights only. */
  @Grad
  public static double squaredError(double[] w, @NoGrad double[][] x, @NoGrad double[] y) {
    double s = 0.0;
    for (int i = 0; i < y.length; i++) {
      double r = dot(w, x[i]) - y[i];
      s += r * r;
    }
    return s;
  }

  private static double dot(double[] a, double[] b) {
    double s = 0.0;
    for (int k = 0; k < a.length; k++) {
      s += a[k] * b[k];
    }
    return s;
  }

  /** A scaled loss: the scale is data, and is reassigned (clamped) before use. */
  @Grad
  public static double scaled(@NoGrad double scale, double a, double b) {
    if (scale < 0.1) {
      scale = 0.1;
    }
    scale = scale * a; // from here on the local carries a derivative
    return scale * Math.sin(b) + a * b;
  }

  /** A record of data, passed on to a helper that reads it. */
  @Grad
  public static double recordLoss(double[] w, @NoGrad Data data) {
    return squaredErrorOf(w, data) + 0.5 * dot(w, w);
  }

  private static double squaredErrorOf(double[] w, Data data) {
    double s = 0.0;
    for (int i = 0; i < data.y().length; i++) {
      double r = dot(w, data.x()[i]) - data.y()[i];
      s += r * r;
    }
    return s;
  }

  /** Calls another @Grad method, passing data to its @NoGrad parameters. */
  @Grad
  public static double regularised(double[] w, @NoGrad double[][] x, @NoGrad double[] y,
      double lambda) {
    return squaredError(w, x, y) + lambda * dot(w, w);
  }

  /** An @NoGrad array parameter the method points at a smoothed copy of itself. */
  @Grad
  public static double smoothed(double a, @NoGrad double[] v) {
    double[] original = v;
    v = new double[original.length];
    for (int i = 0; i < v.length; i++) {
      v[i] = a * original[i] + (i > 0 ? original[i - 1] : 0.0);
    }
    double s = 0.0;
    for (double e : v) {
      s += e * e;
    }
    return s;
  }

  /** An array result with a @NoGrad matrix: its Jacobian has columns for {@code w} only. */
  @Grad
  public static double[] predictions(double[] w, @NoGrad double[][] x) {
    double[] out = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      out[i] = Math.tanh(dot(w, x[i]));
    }
    return out;
  }

  /** A void method writing its output, reading @NoGrad data. */
  @Grad
  public static void residuals(double[] w, @NoGrad double[][] x, @NoGrad double[] y,
      double[] out) {
    for (int i = 0; i < y.length; i++) {
      out[i] = dot(w, x[i]) - y[i];
    }
  }

  /**
   * A sequence loss in the style of an LSTM's: the rows of a {@code @NoGrad} sequence held in
   * locals (each step's input and the next row, its target), a copy of {@code @NoGrad} state
   * updated in place by a helper that reads the input row. The locals of data get no adjoint.
   */
  @Grad
  public static double sequenceLoss(double[] w, @NoGrad double[][] state,
      @NoGrad double[][] seq) {
    double[][] s = new double[state.length][];
    for (int r = 0; r < state.length; r++) {
      s[r] = state[r].clone();
    }
    double total = 0.0;
    for (int t = 0; t + 1 < seq.length; t++) {
      double[] input = seq[t];
      double[] gold = seq[t + 1];
      step(w, s[0], input);
      for (int i = 0; i < gold.length; i++) {
        total += gold[i] * Math.tanh(s[0][i] + input[i]);
      }
    }
    return total;
  }

  private static void step(double[] w, double[] h, double[] in) {
    for (int i = 0; i < h.length; i++) {
      h[i] = Math.tanh(w[i % w.length] * h[i] + in[i]);
    }
  }

  /**
   * Locals pointing into {@code @NoGrad} data: a matrix and its rows, reassigned in branches
   * and loops, copied into another local, compared with null, their lengths read; and one
   * passed on to a helper (an ordinary local, with an adjoint nothing reads).
   */
  @Grad
  public static double rowsOfData(double a, @NoGrad double[][] m, @NoGrad double[] v) {
    double[][] table = m;
    double[] row = null;
    double s = 0.0;
    for (int i = 0; i < table.length; i++) {
      if (i % 2 == 0) {
        row = table[i];
      } else {
        row = v;
      }
      double[] same = row;
      if (same != null) {
        for (int j = 0; j < same.length; j++) {
          s += Math.sin(a * same[j]) * table[i][j % table[i].length];
        }
      }
    }
    double[] passed = m[0];
    return s + a * weightedSum(passed, a);
  }

  private static double weightedSum(double[] x, double a) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += Math.exp(a * i) * x[i];
    }
    return s;
  }

  /**
   * Rows of data and a damping factor of data passed to a recursive helper (called, not
   * inlined): every call of the build passes them data, so the helper's rules take no adjoint
   * or tangent for them.
   */
  @Grad
  public static double hornerFit(double[] c, @NoGrad double[][] xs, @NoGrad double[] ys,
      @NoGrad double damping) {
    double s = 0.0;
    for (int i = 0; i < ys.length; i++) {
      double r = horner(c, xs[i], damping, 0) - ys[i];
      s += r * r;
    }
    return s;
  }

  private static double horner(double[] c, double[] x, double damping, int k) {
    if (k >= c.length || k >= x.length) {
      return 0.0;
    }
    return c[k] + damping * x[k] * horner(c, x, damping, k + 1);
  }

  /**
   * A recursive helper called with data in one argument and a derivative in the other, then
   * the other way round: both of its parameters keep their adjoints.
   */
  @Grad
  public static double mixedCalls(double[] a, @NoGrad double[] d) {
    return blend(a, d, 0) + blend(d, a, 0);
  }

  private static double blend(double[] u, double[] v, int k) {
    if (k >= u.length || k >= v.length) {
      return 0.0;
    }
    return Math.sin(u[k]) * v[k] + blend(u, v, k + 1);
  }
}
