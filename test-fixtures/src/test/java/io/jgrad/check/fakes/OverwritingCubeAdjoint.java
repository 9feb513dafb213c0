package io.jgrad.check.fakes;

/** {@link CubeEnergy#f} again, with a broken rule (see {@code OverwritingCubeAdjoint_Rrule}). */
public final class OverwritingCubeAdjoint {
  private OverwritingCubeAdjoint() {}

  static double f(double[][][] x, double w) {
    return CubeEnergy.f(x, w);
  }
}
