package io.jgrad.check.fakes;

/**
 * {@code f(a, b) = b}, whose forward rule computes the tangent as {@code (aDot K + bDot) - aDot K}
 * with {@code K = 1e8}: correct up to rounding, but the rounding is about {@code 1e-8} of the
 * tangent, far above the dot-product test's relative tolerance (an ill-conditioned point as
 * random programs produce them).
 */
public final class Cancelling {
  private Cancelling() {}

  static double f(double a, double b) {
    return b;
  }
}
