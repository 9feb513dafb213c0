package io.jgrad.check.fakes;

import io.jgrad.Dual;

/** Right single-direction rule; broken {@code fDirections}: {@code xDots[i][0]} for every lane. */
final class WrongDirections_Frule {
  private WrongDirections_Frule() {}

  static Dual f(double a, double aDot, double[] x, double[] xDot, int n) {
    return Sines_Frule.f(a, aDot, x, xDot, n);
  }

  static double fDirections(double a, double[] aDots, double[] x, double[][] xDots, int n,
      int directions, double[] resultDots) {
    double s = 0;
    double[] sDot = new double[directions];
    for (int i = 0; i < Math.min(n, x.length); i++) {
      s += Math.sin(x[i]);
      for (int d = 0; d < directions; d++) {
        sDot[d] += Math.cos(x[i]) * xDots[i][0];
      }
    }
    for (int d = 0; d < directions; d++) {
      resultDots[d] = aDots[d] * s + a * sDot[d];
    }
    return a * s;
  }
}
