package io.jgrad.check.fakes;

final class CubeMatrixDot_Rrule {
  private CubeMatrixDot_Rrule() {}

  record FGradient(double value, double[][][] xBar, double[][] mBar) {}

  static FGradient f(double[][][] x, double[][] m) {
    double[][][] xBar = Cubes.zerosLike(x);
    double[][] mBar = new double[m.length][];
    for (int j = 0; j < m.length; j++) {
      mBar[j] = new double[m[j].length];
    }
    double value = fAdjoint(x, xBar, m, mBar, 1);
    return new FGradient(value, xBar, mBar);
  }

  /** Adds into both buffers: right also when m is x[i] (and so mBar is xBar[i]). */
  static double fAdjoint(
      double[][][] x, double[][][] xBar, double[][] m, double[][] mBar, double seed) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < x[i].length; j++) {
        for (int k = 0; k < x[i][j].length; k++) {
          s += x[i][j][k] * m[j][k];
          xBar[i][j][k] += seed * m[j][k];
          mBar[j][k] += seed * x[i][j][k];
        }
      }
    }
    return s;
  }
}
