package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class WrongAdjoint_Frule {
  private WrongAdjoint_Frule() {}

  static Dual f(double a, double aDot, double[] x, double[] xDot, int n) {
    return Sines_Frule.f(a, aDot, x, xDot, n);
  }
}
