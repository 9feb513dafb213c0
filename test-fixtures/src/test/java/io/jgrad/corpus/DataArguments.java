package io.jgrad.corpus;

import io.jgrad.Grad;
import io.jgrad.NoGrad;

/**
 * Calls whose arguments are all data: the rules call the method as it is, whether or not jgrad
 * could differentiate it — a library function without source ({@code Double.max},
 * {@code Math.ulp}, which has no derivative rule) or a helper whose body jgrad would reject — and
 * whether or not the same method is differentiated where it is called with derivatives.
 */
public final class DataArguments {
  private DataArguments() {}

  /** Helpers of another class (package-private, so the rule classes can call them as they are). */
  static final class Special {
    private Special() {}

    /** Stirling's series for log Gamma, summed until the terms fall below an ulp. */
    private static final double[] STIRLING = {1.0 / 12, -1.0 / 360, 1.0 / 1260, -1.0 / 1680};

    /**
     * log Gamma(v) for v > 0: shifted up by the recurrence, then Stirling's series with a stopping
     * test on {@code Math.ulp}, which jgrad cannot differentiate (so it is only ever called on
     * data).
     */
    static double logGamma(double v) {
      double shift = 0.0;
      while (v < 10) {
        shift -= Math.log(v);
        v += 1;
      }
      double s = (v - 0.5) * Math.log(v) - v + 0.5 * Math.log(2 * Math.PI);
      double power = 1 / v;
      for (int k = 0; k < STIRLING.length; k++) {
        double term = STIRLING[k] * power;
        if (Math.abs(term) < Math.ulp(s)) {
          break;
        }
        s += term;
        power /= v * v;
      }
      return s + shift;
    }

    static double square(double v) {
      return v * v;
    }
  }

  /** The Student-t log density with nu degrees of freedom (data). */
  @Grad
  public static double studentT(double x, double mu, @NoGrad double nu) {
    double z = (x - mu) / Math.sqrt(nu);
    return Special.logGamma(0.5 * (nu + 1)) - Special.logGamma(0.5 * nu)
        - 0.5 * Math.log(nu * Math.PI) - 0.5 * (nu + 1) * Math.log(1 + Special.square(z));
  }

  /**
   * Constants from the problem's size and library calls on literals; {@code square} is called on
   * data (as it is) and on a variable (through its rules) in the same method.
   */
  @Grad
  public static double smoothedNorm(double[] x) {
    int n = x.length;
    final double half = 0.5 * n;
    double eps = Double.max(Math.ulp(1.0), 1e-12) * Special.logGamma(half + 1);
    double s = Special.square(half) * 1e-3;
    for (int i = 0; i < n; i++) {
      s += Math.sqrt(Special.square(x[i]) + eps);
    }
    return s / Special.logGamma(n + 1.5);
  }
}
