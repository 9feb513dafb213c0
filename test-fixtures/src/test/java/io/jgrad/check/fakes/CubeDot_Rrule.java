package io.jgrad.check.fakes;

final class CubeDot_Rrule {
  private CubeDot_Rrule() {}

  record DotGradient(double value, double[][][] aBar, double[][][] bBar) {}

  static DotGradient dot(double[][][] a, double[][][] b) {
    double[][][] aBar = Cubes.zerosLike(a);
    double[][][] bBar = Cubes.zerosLike(b);
    double value = dotAdjoint(a, aBar, b, bBar, 1);
    return new DotGradient(value, aBar, bBar);
  }

  /** Adds into both buffers: right also when a and b (and so aBar and bBar) are one array. */
  static double dotAdjoint(
      double[][][] a, double[][][] aBar, double[][][] b, double[][][] bBar, double seed) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[i].length; j++) {
        for (int k = 0; k < a[i][j].length; k++) {
          s += a[i][j][k] * b[i][j][k];
          aBar[i][j][k] += seed * b[i][j][k];
          bBar[i][j][k] += seed * a[i][j][k];
        }
      }
    }
    return s;
  }
}
