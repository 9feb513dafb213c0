package io.jgrad.check.fakes;

/** {@link Axpy} whose forward rule rejects aliasing and whose adjoint does not. */
public final class HalfRejectingAxpy {
  private HalfRejectingAxpy() {}

  static void axpy(double a, double[] x, double[] y) {
    Axpy.axpy(a, x, y);
  }
}
