package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class WrongConvenience_Frule {
  private WrongConvenience_Frule() {}

  static Dual f(double a, double aDot, double[] x, double[] xDot, int n) {
    return Sines_Frule.f(a, aDot, x, xDot, n);
  }
}
