package io.jgrad.check.fakes;

/** {@link ArrayResult} whose adjoint reads resultBar[0] for every output. */
public final class WrongResultAdjoint {
  private WrongResultAdjoint() {}

  static double[] f(double a, double[] x) {
    return ArrayResult.f(a, x);
  }
}
