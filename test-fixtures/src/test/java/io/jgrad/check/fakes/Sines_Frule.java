package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class Sines_Frule {
  private Sines_Frule() {}

  static Dual f(double a, double aDot, double[] x, double[] xDot, int n) {
    double s = 0;
    double sDot = 0;
    for (int i = 0; i < Math.min(n, x.length); i++) {
      s += Math.sin(x[i]);
      sDot += Math.cos(x[i]) * xDot[i];
    }
    return new Dual(a * s, aDot * s + a * sDot);
  }
}
