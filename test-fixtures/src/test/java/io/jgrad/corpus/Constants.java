package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * static final fields initialised by any expression, in this class (also private ones, which the
 * rules read through a copy) and in other classes: read as constants (issue 9, item 2).
 */
public final class Constants {
  static final double LOG_2PI = Math.log(2 * Math.PI);
  private static final double SQRT2 = Math.sqrt(2);
  static final double[] WEIGHTS = {0.5, -1.25, 2.0, 0.75};
  private static final double[][] MIXING = {{1.0, 0.5}, {-0.25, 2.0}};
  static final int ORDER = Integer.parseInt("3");

  private Constants() {}

  private static final class Hidden {
    static final double SCALE = Math.exp(0.5);
  }

  /** A Gaussian log density: log(2 pi) and sqrt(2) computed by expressions. */
  @Grad
  public static double gaussianLogDensity(double x, double mu, double sigma) {
    double z = (x - mu) / (sigma * SQRT2);
    return -0.5 * LOG_2PI - Math.log(sigma) - z * z;
  }

  /** A weighted sum with a table, its rows of a private matrix, and a hidden class's constant. */
  @Grad
  public static double tables(double[] x) {
    double s = 0;
    for (int i = 0; i < WEIGHTS.length; i++) {
      s += WEIGHTS[i] * x[i % x.length];
    }
    for (int i = 0; i < MIXING.length; i++) {
      for (int j = 0; j < MIXING[i].length; j++) {
        s += MIXING[i][j] * x[i] * x[j] * Hidden.SCALE;
      }
    }
    return s * ORDER;
  }

  /** A table through a local, and passed to another @Grad method. */
  @Grad
  public static double tableAsValue(double[] x) {
    double[] w = WEIGHTS;
    double[] row = MIXING[1];
    return weighted(w, x) + row[0] * x[0] + weighted(x, WEIGHTS);
  }

  /** sum w[i] x[i] over the shorter array. */
  @Grad
  public static double weighted(double[] w, double[] x) {
    double s = 0;
    for (int i = 0; i < Math.min(w.length, x.length); i++) {
      s += w[i] * Math.sin(x[i]);
    }
    return s;
  }

  /** A constant of another class of the corpus (a non-final-looking table there). */
  @Grad
  public static double otherClass(double x) {
    return x * Tabulated.NODES[1] + Tabulated.TWO_PI * x * x;
  }
}
