package io.jgrad.check.fakes;

/** {@link CubeEnergy#f} again, with a broken rule (see {@code LongCubeGradient_Rrule}). */
public final class LongCubeGradient {
  private LongCubeGradient() {}

  static double f(double[][][] x, double w) {
    return CubeEnergy.f(x, w);
  }
}
