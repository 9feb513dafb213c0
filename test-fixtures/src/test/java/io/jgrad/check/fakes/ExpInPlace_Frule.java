package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class ExpInPlace_Frule {
  private ExpInPlace_Frule() {}

  static Dual f(double[] x, double[] xDot) {
    for (int n = 0; n < x.length; n++) {
      x[n] = Math.exp(x[n]);
      xDot[n] = x[n] * xDot[n];
    }
    return new Dual(Math.sin(x[0]), Math.cos(x[0]) * xDot[0]);
  }
}
