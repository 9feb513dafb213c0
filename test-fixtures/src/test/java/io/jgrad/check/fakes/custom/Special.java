package io.jgrad.check.fakes.custom;

/**
 * Target of the custom rules in this package: plain static methods (no {@code @Grad}), as in a
 * library jgrad has no source for. Public, so that holders compiled at test time in another
 * class loader can call them.
 */
public final class Special {
  private Special() {}

  /** {@code log(1 + e^x)}; its derivative is the logistic function {@code 1 / (1 + e^-x)}. */
  public static double softplus(double x) {
    return Math.log1p(Math.exp(x));
  }

  /** {@code a e^b}: two scalars. */
  public static double expScaled(double a, double b) {
    return a * Math.exp(b);
  }

  /** {@code x^n} by repeated multiplication: a data parameter. */
  public static double powi(double x, int n) {
    double r = 1;
    for (int i = 0; i < n; i++) {
      r *= x;
    }
    return r;
  }

  /** Reads both arrays. */
  public static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  /** Writes {@code x}: {@code x <- a x}. */
  public static void scale(double a, double[] x) {
    for (int i = 0; i < x.length; i++) {
      x[i] *= a;
    }
  }

  /** An array result: {@code sin(a x[i])}. */
  public static double[] sinTimes(double a, double[] x) {
    double[] r = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      r[i] = Math.sin(a * x[i]);
    }
    return r;
  }

  /** A float argument and result. */
  public static float cube(float x) {
    return x * x * x;
  }

  /** Overloaded: {@code x^2} ... */
  public static double sq(double x) {
    return x * x;
  }

  /** ... and {@code sum x[i]^2}. */
  public static double sq(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * x[i];
    }
    return s;
  }
}
