package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class LeakingTape_Frule {
  private LeakingTape_Frule() {}

  static Dual f(double a, double aDot) {
    return new Dual(a * a, 2 * a * aDot);
  }
}
