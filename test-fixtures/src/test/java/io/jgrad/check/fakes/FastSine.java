package io.jgrad.check.fakes;

/** a^2 + sin(1e18 a): a slope that changes far below any finite-difference step. */
public final class FastSine {
  private FastSine() {}

  static double f(double a) {
    return a * a + Math.sin(1e18 * a);
  }
}
