package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class Cancelling_Frule {
  private Cancelling_Frule() {}

  static final double K = 1e8 / 3;

  static Dual f(double a, double aDot, double b, double bDot) {
    return new Dual(b, (aDot * K + bDot) - aDot * K);
  }
}
