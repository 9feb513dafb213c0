package io.jgrad.check.fakes;

/** {@link Sines} whose low-level adjoint computes a wrong gradient. */
public final class WrongAdjoint {
  private WrongAdjoint() {}

  static double f(double a, double[] x, int n) {
    return Sines.f(a, x, n);
  }
}
