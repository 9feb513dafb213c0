package io.jgrad.check.fakes;

/** {@code f(a, x)[i] = a * exp(x[i])}: a {@code double[]} result, with correct rules. */
public final class ArrayResult {
  private ArrayResult() {}

  static double[] f(double a, double[] x) {
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      y[i] = a * Math.exp(x[i]);
    }
    return y;
  }
}
