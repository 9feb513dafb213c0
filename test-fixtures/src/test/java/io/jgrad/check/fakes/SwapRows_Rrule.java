package io.jgrad.check.fakes;

final class SwapRows_Rrule {
  private SwapRows_Rrule() {}

  record FGradient(double value, double[][] aBar) {}

  static FGradient f(double[][] a) {
    double[][] aBar = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      aBar[i] = new double[a[i].length];
    }
    double value = fAdjoint(a, aBar, 1);
    return new FGradient(value, aBar);
  }

  static double fAdjoint(double[][] a, double[][] aBar, double seed) {
    double[] t = a[0];
    a[0] = a[1];
    a[1] = t;
    a[0][0] *= 2;
    double y = a[0][0] * a[1][1];
    // aBar[r] holds the cotangent of the final a[r]
    aBar[0][0] += seed * a[1][1];
    aBar[1][1] += seed * a[0][0];
    aBar[0][0] *= 2;
    double[] tBar = aBar[0];
    aBar[0] = aBar[1];
    aBar[1] = tBar;
    return y;
  }
}
