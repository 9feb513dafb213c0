package io.jgrad.check.fakes;

final class CubeEnergy_Rrule {
  private CubeEnergy_Rrule() {}

  record FGradient(double value, double[][][] xBar, double wBar) {}

  static FGradient f(double[][][] x, double w) {
    double[][][] xBar = Cubes.zerosLike(x);
    double[] scalarBars = new double[1];
    double value = fAdjoint(x, xBar, w, 1, scalarBars);
    return new FGradient(value, xBar, scalarBars[0]);
  }

  static double fAdjoint(
      double[][][] x, double[][][] xBar, double w, double seed, double[] scalarBars) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      if (x[i] == null) {
        continue;
      }
      for (int j = 0; j < x[i].length; j++) {
        if (x[i][j] == null) {
          continue;
        }
        for (int k = 0; k < x[i][j].length; k++) {
          s += x[i][j][k] * x[i][j][k];
          xBar[i][j][k] += seed * w * 2 * x[i][j][k];
        }
      }
    }
    scalarBars[0] += seed * s;
    return w * s;
  }
}
