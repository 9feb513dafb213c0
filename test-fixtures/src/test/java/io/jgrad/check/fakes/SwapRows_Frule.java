package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class SwapRows_Frule {
  private SwapRows_Frule() {}

  static Dual f(double[][] a, double[][] aDot) {
    double[] t = a[0];
    a[0] = a[1];
    a[1] = t;
    double[] tDot = aDot[0];
    aDot[0] = aDot[1];
    aDot[1] = tDot;
    a[0][0] *= 2;
    aDot[0][0] *= 2;
    return new Dual(a[0][0] * a[1][1], aDot[0][0] * a[1][1] + a[0][0] * aDot[1][1]);
  }
}
