package io.jgrad.check.fakes;

import io.jgrad.DualArray;

final class WrongResultAdjoint_Frule {
  private WrongResultAdjoint_Frule() {}

  static DualArray f(double a, double aDot, double[] x, double[] xDot) {
    return ArrayResult_Frule.f(a, aDot, x, xDot);
  }
}
