package io.jgrad.check.fakes;

/** Broken: {@code xBar[1][0][2]} (where x has one) gets nothing; every other entry is right. */
final class ForgetfulCubeAdjoint_Rrule {
  private ForgetfulCubeAdjoint_Rrule() {}

  static CubeEnergy_Rrule.FGradient f(double[][][] x, double w) {
    double[][][] xBar = Cubes.zerosLike(x);
    double[] scalarBars = new double[1];
    double value = fAdjoint(x, xBar, w, 1, scalarBars);
    return new CubeEnergy_Rrule.FGradient(value, xBar, scalarBars[0]);
  }

  static double fAdjoint(
      double[][][] x, double[][][] xBar, double w, double seed, double[] scalarBars) {
    boolean has = x.length > 1 && x[1] != null && x[1].length > 0 && x[1][0] != null
        && x[1][0].length > 2;
    double entry = has ? xBar[1][0][2] : 0;
    double value = CubeEnergy_Rrule.fAdjoint(x, xBar, w, seed, scalarBars);
    if (has) {
      xBar[1][0][2] = entry; // forgotten
    }
    return value;
  }
}
