package io.jgrad.check.fakes;

import io.jgrad.Dual;

/** Broken: the value is one ulp above the primal's. */
final class OffByOneUlp_Frule {
  private OffByOneUlp_Frule() {}

  static Dual f(double a, double aDot, double[] x, double[] xDot, int n) {
    Dual correct = Sines_Frule.f(a, aDot, x, xDot, n);
    return new Dual(Math.nextUp(correct.value()), correct.tangent());
  }
}
