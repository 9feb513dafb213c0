package io.jgrad.check.fakes;

/** {@link CubeRowSums#f} again, with a broken Jacobian (see MisorderedCubeJacobian_Rrule). */
public final class MisorderedCubeJacobian {
  private MisorderedCubeJacobian() {}

  static double[] f(double[][][] x, double s) {
    return CubeRowSums.f(x, s);
  }
}
