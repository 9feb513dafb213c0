package io.jgrad.check.fakes;

import io.jgrad.DualArray;

final class Jittery_Frule {
  private Jittery_Frule() {}

  static DualArray f(double a, double aDot, double b, double bDot) {
    double jitter = 1e-9 * Math.sin(1e6 * aDot + 3e5 * bDot) * (Math.abs(aDot) + Math.abs(bDot));
    double[] tangent = {aDot * b + bDot * (1 + a) + jitter, aDot};
    return new DualArray(Jittery.f(a, b), tangent);
  }
}
