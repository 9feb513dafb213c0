package io.jgrad.check.fakes;

import io.jgrad.Dual;

/** Broken: scribbles on its input array, which the primal leaves alone. */
final class MutatingRule_Frule {
  private MutatingRule_Frule() {}

  static Dual f(double a, double aDot, double[] x, double[] xDot, int n) {
    Dual result = Sines_Frule.f(a, aDot, x, xDot, n);
    x[0] = 0;
    return result;
  }
}
