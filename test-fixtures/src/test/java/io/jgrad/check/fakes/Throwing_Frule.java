package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class Throwing_Frule {
  private Throwing_Frule() {}

  static Dual f(double a, double aDot) {
    return new Dual(a, aDot);
  }
}
