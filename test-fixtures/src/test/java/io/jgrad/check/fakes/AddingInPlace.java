package io.jgrad.check.fakes;

/** {@link ExpInPlace} whose adjoint follows "adds seed * gradient into xBar", wrong for writes. */
public final class AddingInPlace {
  private AddingInPlace() {}

  static double f(double[] x) {
    return ExpInPlace.f(x);
  }
}
