package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Records that hold arrays: {@code double[]} and {@code double[][]} components are
 * differentiated, {@code int[]} and {@code String} components are data. Accessors into arrays
 * ({@code t.a()[i][j]}), optional (null) array components, records built from local arrays that
 * are written afterwards (the record sees the writes), helpers that build records from fresh
 * arrays, a static final record constant holding an array, instance methods reading array
 * components, nested records and calls between {@code @Grad} methods.
 */
public final class RecordsWithArrays {
  private RecordsWithArrays() {}

  /** A named table: a matrix (maybe ragged), a vector (maybe null), indices into it, a scale. */
  public record Table(String name, double[][] a, double[] b, int[] idx, double scale) {}

  /** A polynomial in {@code x - shift} with coefficients {@code c}. */
  public record Poly(double[] c, double shift) {
    static final Poly SQUARE = new Poly(new double[] {0.0, 0.0, 1.0}, 0.0);

    double at(double x) {
      double s = 0;
      for (int k = c.length - 1; k >= 0; k--) {
        s = s * (x - shift) + c[k];
      }
      return s;
    }
  }

  /** A layer: a nested record holding arrays, and a bias. */
  public record Layer(Table weights, double bias) {}

  /** Reads {@code t.a()[i][j]}, {@code t.b()[t.idx()[k]]} (if b is there) and the scale. */
  @Grad
  public static double tableEnergy(Table t, double[] x) {
    double s = 0;
    for (int i = 0; i < t.a().length; i++) {
      for (int j = 0; j < t.a()[i].length; j++) {
        s += t.a()[i][j] * x[j] * x[j];
      }
    }
    if (t.b() != null) {
      for (int k = 0; k < t.idx().length; k++) {
        s += Math.sin(t.b()[t.idx()[k]]);
      }
    }
    return t.scale() * s;
  }

  /** Builds a record from local arrays, then writes those arrays: the record sees the writes. */
  @Grad
  public static double buildThenWrite(double[] x, double s) {
    double[] b = new double[x.length];
    double[][] a = new double[1][x.length];
    Table t = new Table("local", a, b, new int[] {0}, s);
    for (int i = 0; i < x.length; i++) {
      b[i] = x[i] * s;
      a[0][i] = Math.exp(x[i]);
    }
    return t.b()[0] * t.a()[0][x.length - 1] + t.scale() * b[x.length - 1];
  }

  private static Poly fit(double[] x, double shift) {
    double[] c = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      c[i] = x[i] * x[i];
    }
    return new Poly(c, shift);
  }

  /** A helper builds a record from fresh arrays; a static final record constant. */
  @Grad
  public static double fitted(double[] x, double shift, double at) {
    Poly p = fit(x, shift);
    return p.at(at) + Poly.SQUARE.at(at) * p.c()[0];
  }

  /** A record parameter with a matrix, and an array result (checked with its Jacobian). */
  @Grad
  public static double[] rowSums(Table t) {
    double[] out = new double[t.a().length];
    for (int i = 0; i < out.length; i++) {
      for (double v : t.a()[i]) {
        out[i] += v * t.scale();
      }
    }
    return out;
  }

  /** A nested record holding arrays, passed on to other {@code @Grad} methods. */
  @Grad
  public static double layered(Layer layer, double[] x) {
    double[] sums = rowSums(layer.weights());
    double s = layer.bias();
    for (double v : sums) {
      s += Math.tanh(v);
    }
    return s * tableEnergy(layer.weights(), x);
  }
}
