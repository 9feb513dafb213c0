package io.jgrad.check.fakes;

/** Broken: {@code xBar[i][j][k]} is assigned {@code seed * df/dx[i][j][k]} instead of added to. */
final class OverwritingCubeAdjoint_Rrule {
  private OverwritingCubeAdjoint_Rrule() {}

  static CubeEnergy_Rrule.FGradient f(double[][][] x, double w) {
    double[][][] xBar = Cubes.zerosLike(x);
    double[] scalarBars = new double[1];
    double value = fAdjoint(x, xBar, w, 1, scalarBars);
    return new CubeEnergy_Rrule.FGradient(value, xBar, scalarBars[0]);
  }

  static double fAdjoint(
      double[][][] x, double[][][] xBar, double w, double seed, double[] scalarBars) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < x[i].length; j++) {
        for (int k = 0; k < x[i][j].length; k++) {
          s += x[i][j][k] * x[i][j][k];
          xBar[i][j][k] = seed * w * 2 * x[i][j][k]; // = instead of +=
        }
      }
    }
    scalarBars[0] += seed * s;
    return w * s;
  }
}
