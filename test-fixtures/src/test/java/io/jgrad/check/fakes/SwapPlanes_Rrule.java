package io.jgrad.check.fakes;

final class SwapPlanes_Rrule {
  private SwapPlanes_Rrule() {}

  record FGradient(double value, double[][][] xBar) {}

  static FGradient f(double[][][] x) {
    double[][][] xBar = Cubes.zerosLike(x);
    double value = fAdjoint(x, xBar, 1);
    return new FGradient(value, xBar);
  }

  static double fAdjoint(double[][][] x, double[][][] xBar, double seed) {
    double[][] t = x[0];
    x[0] = x[1];
    x[1] = t;
    x[0][0][0] *= 3;
    double y = x[0][0][0] * x[1][0][0];
    // xBar[i] holds the cotangent of the final x[i]
    xBar[0][0][0] += seed * x[1][0][0];
    xBar[1][0][0] += seed * x[0][0][0];
    xBar[0][0][0] *= 3;
    double[][] tBar = xBar[0];
    xBar[0] = xBar[1];
    xBar[1] = tBar;
    return y;
  }
}
