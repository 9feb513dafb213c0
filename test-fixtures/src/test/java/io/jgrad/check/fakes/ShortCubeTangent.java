package io.jgrad.check.fakes;

/** {@link CubeEnergy#f} again, with a broken rule (see {@code ShortCubeTangent_Frule}). */
public final class ShortCubeTangent {
  private ShortCubeTangent() {}

  static double f(double[][][] x, double w) {
    return CubeEnergy.f(x, w);
  }
}
