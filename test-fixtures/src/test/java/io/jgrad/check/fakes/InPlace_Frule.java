package io.jgrad.check.fakes;

import io.jgrad.Dual;

/** Correct: updates {@code xDot} in place along with {@code x}. */
final class InPlace_Frule {
  private InPlace_Frule() {}

  static Dual f(double a, double aDot, double[] x, double[] xDot) {
    double s = 0;
    double sDot = 0;
    for (int i = 0; i < x.length; i++) {
      xDot[i] = Math.cos(x[i]) * xDot[i];
      x[i] = Math.sin(x[i]);
      s += x[i];
      sDot += xDot[i];
    }
    return new Dual(a * s, aDot * s + a * sDot);
  }
}
