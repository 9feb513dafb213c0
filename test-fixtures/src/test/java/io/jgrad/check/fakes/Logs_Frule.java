package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class Logs_Frule {
  private Logs_Frule() {}

  static Dual f(double a, double aDot) {
    return new Dual(Math.log(a), aDot / a);
  }
}
