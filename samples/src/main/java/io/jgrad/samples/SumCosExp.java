package io.jgrad.samples;

import io.jgrad.Grad;

/**
 * {@code f(x) = sum_i cos(exp(x[i]))}, whose gradient is {@code -sin(exp(x[i])) * exp(x[i])}.
 *
 * <p>jgrad generates {@code SumCosExp_Frule} and {@code SumCosExp_Rrule} from {@link #f}.
 */
public final class SumCosExp {
  private SumCosExp() {}

  @Grad
  public static double f(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += Math.cos(Math.exp(x[i]));
    }
    return s;
  }
}
