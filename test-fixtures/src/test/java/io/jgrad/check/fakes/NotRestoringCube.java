package io.jgrad.check.fakes;

/** {@link CubeEnergy#f} again, with a broken rule (see {@code NotRestoringCube_Rrule}). */
public final class NotRestoringCube {
  private NotRestoringCube() {}

  static double f(double[][][] x, double w) {
    return CubeEnergy.f(x, w);
  }
}
