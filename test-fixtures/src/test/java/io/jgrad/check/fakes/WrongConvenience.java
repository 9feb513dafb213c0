package io.jgrad.check.fakes;

/** {@link Sines} whose reverse convenience method returns a wrong gradient. */
public final class WrongConvenience {
  private WrongConvenience() {}

  static double f(double a, double[] x, int n) {
    return Sines.f(a, x, n);
  }
}
