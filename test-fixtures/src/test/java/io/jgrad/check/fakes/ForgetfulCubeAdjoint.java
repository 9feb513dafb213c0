package io.jgrad.check.fakes;

/** {@link CubeEnergy#f} again, with a broken rule (see {@code ForgetfulCubeAdjoint_Rrule}). */
public final class ForgetfulCubeAdjoint {
  private ForgetfulCubeAdjoint() {}

  static double f(double[][][] x, double w) {
    return CubeEnergy.f(x, w);
  }
}
