package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class GuardedNotThrowing_Frule {
  private GuardedNotThrowing_Frule() {}

  static Dual f(double a, double aDot) {
    return Guarded_Frule.f(a, aDot);
  }
}
