package io.jgrad.check.fakes;

final class ShortCubeTangent_Rrule {
  private ShortCubeTangent_Rrule() {}

  static CubeEnergy_Rrule.FGradient f(double[][][] x, double w) {
    return CubeEnergy_Rrule.f(x, w);
  }

  static double fAdjoint(
      double[][][] x, double[][][] xBar, double w, double seed, double[] scalarBars) {
    return CubeEnergy_Rrule.fAdjoint(x, xBar, w, seed, scalarBars);
  }
}
