package io.jgrad.check.fakes;

/** {@code x * x * y}, whose {@code fHvp} forgets d2f/dydx: not symmetric. */
public final class AsymmetricHvp {
  private AsymmetricHvp() {}

  static double f(double x, double y) {
    return x * x * y;
  }
}
