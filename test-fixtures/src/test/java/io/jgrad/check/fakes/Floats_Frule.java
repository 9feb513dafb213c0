package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class Floats_Frule {
  private Floats_Frule() {}

  static Dual f(float a, double aDot, float b, double bDot) {
    return new Dual(a * a * b + b, 2.0 * a * b * aDot + ((double) a * a + 1) * bDot);
  }
}
