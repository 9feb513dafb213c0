package io.jgrad.check.fakes;

/** {@link Sines} whose forward rule returns a value one ulp off. */
public final class OffByOneUlp {
  private OffByOneUlp() {}

  static double f(double a, double[] x, int n) {
    return Sines.f(a, x, n);
  }
}
