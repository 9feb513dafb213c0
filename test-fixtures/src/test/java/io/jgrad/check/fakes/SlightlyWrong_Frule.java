package io.jgrad.check.fakes;

import io.jgrad.Dual;

/** Broken: the tangent is {@code bDot (1 + 1e-8)}, a consistent error no rounding explains. */
final class SlightlyWrong_Frule {
  private SlightlyWrong_Frule() {}

  static Dual f(double a, double aDot, double b, double bDot) {
    return new Dual(b, bDot * (1 + 1e-8));
  }
}
