package io.jgrad.check.fakes;

/** Broken: the adjoint leaves {@code x[1][0][2]} (where x has one) one larger than it was. */
final class NotRestoringCube_Rrule {
  private NotRestoringCube_Rrule() {}

  static CubeEnergy_Rrule.FGradient f(double[][][] x, double w) {
    return CubeEnergy_Rrule.f(x, w);
  }

  static double fAdjoint(
      double[][][] x, double[][][] xBar, double w, double seed, double[] scalarBars) {
    double value = CubeEnergy_Rrule.fAdjoint(x, xBar, w, seed, scalarBars);
    if (x.length > 1 && x[1] != null && x[1].length > 0 && x[1][0] != null
        && x[1][0].length > 2) {
      x[1][0][2] += 1;
    }
    return value;
  }
}
