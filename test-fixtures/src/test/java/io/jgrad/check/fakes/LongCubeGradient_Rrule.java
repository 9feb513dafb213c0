package io.jgrad.check.fakes;

import java.util.Arrays;

/**
 * Broken: the convenience method returns an {@code xBar} whose last row is one entry longer than
 * x's (the adjoint is right).
 */
final class LongCubeGradient_Rrule {
  private LongCubeGradient_Rrule() {}

  static CubeEnergy_Rrule.FGradient f(double[][][] x, double w) {
    CubeEnergy_Rrule.FGradient g = CubeEnergy_Rrule.f(x, w);
    double[][] last = g.xBar()[g.xBar().length - 1];
    last[last.length - 1] = Arrays.copyOf(last[last.length - 1], last[last.length - 1].length + 1);
    return g;
  }

  static double fAdjoint(
      double[][][] x, double[][][] xBar, double w, double seed, double[] scalarBars) {
    return CubeEnergy_Rrule.fAdjoint(x, xBar, w, seed, scalarBars);
  }
}
