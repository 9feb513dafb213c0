package io.jgrad.check.fakes;

/** {@link Sines} whose adjoint overwrites its buffers instead of adding to them. */
public final class OverwritingAdjoint {
  private OverwritingAdjoint() {}

  static double f(double a, double[] x, int n) {
    return Sines.f(a, x, n);
  }
}
