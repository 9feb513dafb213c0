package io.jgrad.check.fakes;

/**
 * {@code f(a, b) = {b + a b, a}}, whose forward rule adds to the first tangent a jitter of about
 * {@code 1e-9} of the direction that is not linear in it, as rounding is not: correct up to that
 * "rounding", which is far above the dot-product and Jacobian checks' relative tolerances (an
 * ill-conditioned point as random programs produce them, where cancellation in sums of large
 * partial derivatives leaves such errors). The reverse rule and the Jacobian are exact.
 */
public final class Jittery {
  private Jittery() {}

  static double[] f(double a, double b) {
    return new double[] {b + a * b, a};
  }
}
