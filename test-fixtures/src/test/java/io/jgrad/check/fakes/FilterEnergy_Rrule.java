package io.jgrad.check.fakes;

final class FilterEnergy_Rrule {
  private FilterEnergy_Rrule() {}

  record FGradient(double value, Filters_Tangent pBar, double aBar) {}

  static FGradient f(Filters p, double a) {
    Filters_Tangent pBar = Filters_Tangent.zerosLike(p);
    double[] scalarBars = new double[1];
    double value = fAdjoint(p, pBar, a, 1, scalarBars);
    return new FGradient(value, pBar, scalarBars[0]);
  }

  static double fAdjoint(
      Filters p, Filters_Tangent pBar, double a, double seed, double[] scalarBars) {
    double s = 0;
    double[][][] w = p.w();
    if (w != null) {
      for (int i = 0; i < w.length; i++) {
        if (w[i] == null) {
          continue;
        }
        for (int j = 0; j < w[i].length; j++) {
          if (w[i][j] == null) {
            continue;
          }
          for (int k = 0; k < w[i][j].length; k++) {
            s += Math.sin(w[i][j][k]);
            pBar.w[i][j][k] += seed * a * Math.cos(w[i][j][k]);
          }
        }
      }
    }
    scalarBars[0] += seed * s;
    pBar.bias += seed * 2 * p.bias();
    return a * s + p.bias() * p.bias();
  }
}
