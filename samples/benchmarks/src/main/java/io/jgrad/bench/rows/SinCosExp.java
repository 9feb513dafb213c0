package io.jgrad.bench.rows;

import io.jgrad.Grad;

/**
 * Rows {@code naive_map_sin_cos_exp}, {@code map_sin_cos_exp} and {@code broadcast_sin_cos_exp}:
 * {@code sum(sin(cos(exp(x))))} elementwise over a 10 x 10 {@code double[][]}, three ways, each
 * materialising the elementwise result into a new array before summing it:
 *
 * <ul>
 *   <li>{@link #naiveMap}: {@code y = new array; y[i][j] = sin(cos(exp(x[i][j]))); return sum(y)},
 *       indexed loops (Julia's explicit {@code for n in eachindex(x)} loop);
 *   <li>{@link #map}: a map of the scalar function {@link #sinCosExp} into a new array, then a sum
 *       (Julia's {@code sum(map(f, x))}); the element function is itself a {@code @Grad} method,
 *       so every element goes through its generated rule;
 *   <li>{@link #broadcast}: elementwise row by row through row locals into a local
 *       {@code double[][]} (Julia's fused {@code sin.(cos.(exp.(x)))}), then a sum by enhanced
 *       {@code for}.
 * </ul>
 */
public final class SinCosExp {
  private SinCosExp() {}

  /** The element function. */
  @Grad
  public static double sinCosExp(double v) {
    return Math.sin(Math.cos(Math.exp(v)));
  }

  @Grad
  public static double naiveMap(double[][] x) {
    double[][] y = new double[x.length][x[0].length];
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < x[i].length; j++) {
        y[i][j] = Math.sin(Math.cos(Math.exp(x[i][j])));
      }
    }
    double s = 0.0;
    for (int i = 0; i < y.length; i++) {
      for (int j = 0; j < y[i].length; j++) {
        s += y[i][j];
      }
    }
    return s;
  }

  @Grad
  public static double map(double[][] x) {
    double[][] y = new double[x.length][x[0].length];
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < x[i].length; j++) {
        y[i][j] = sinCosExp(x[i][j]);
      }
    }
    double s = 0.0;
    for (int i = 0; i < y.length; i++) {
      for (int j = 0; j < y[i].length; j++) {
        s += y[i][j];
      }
    }
    return s;
  }

  @Grad
  public static double broadcast(double[][] x) {
    double[][] y = new double[x.length][x[0].length];
    for (int i = 0; i < x.length; i++) {
      double[] xi = x[i];
      double[] yi = y[i];
      for (int j = 0; j < xi.length; j++) {
        yi[j] = Math.sin(Math.cos(Math.exp(xi[j])));
      }
    }
    double s = 0.0;
    for (double[] row : y) {
      for (double v : row) {
        s += v;
      }
    }
    return s;
  }
}
