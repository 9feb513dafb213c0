package io.jgrad.check.fakes;

final class CubeInPlace_Rrule {
  private CubeInPlace_Rrule() {}

  record FGradient(double value, double[][][] xBar, double sBar) {}

  static FGradient f(double[][][] x, double s) {
    double[][][] xBar = Cubes.zerosLike(x);
    double[] scalarBars = new double[1];
    double value = fAdjoint(x, xBar, s, 1, scalarBars);
    return new FGradient(value, xBar, scalarBars[0]);
  }

  /**
   * On entry {@code xBar} holds the cotangent of the final {@code x}; on return that of its entry
   * contents. {@code x} is left as the primal leaves it.
   */
  static double fAdjoint(
      double[][][] x, double[][][] xBar, double s, double seed, double[] scalarBars) {
    double[][][] entry = Cubes.copy(x);
    double value = CubeInPlace.f(x, s);
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < x[i].length; j++) {
        for (int k = 0; k < x[i][j].length; k++) {
          double finalBar = xBar[i][j][k] + seed * 2 * x[i][j][k];
          double old = entry[i][j][k];
          scalarBars[0] += finalBar * Math.sin(old);
          xBar[i][j][k] = finalBar * s * Math.cos(old);
        }
      }
    }
    return value;
  }
}
