package io.jgrad.check.fakes;

/** {@link ArrayResult} whose Jacobian puts the column of a last instead of first. */
public final class WrongJacobian {
  private WrongJacobian() {}

  static double[] f(double a, double[] x) {
    return ArrayResult.f(a, x);
  }
}
