package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class Kinked_Frule {
  private Kinked_Frule() {}

  static Dual f(double a, double aDot) {
    return new Dual(Kinked.f(a), a < 0 ? -aDot : 2 * aDot);
  }
}
