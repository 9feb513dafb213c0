package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class Outer_Inner_Frule {
  private Outer_Inner_Frule() {}

  static Dual g(double a, double aDot, double b, double bDot) {
    double e = Math.exp(a);
    return new Dual(a * b + e, (b + e) * aDot + a * bDot);
  }
}
