package io.jgrad.check.fakes;

/** {@link Sines} whose forward rule modifies its input array. */
public final class MutatingRule {
  private MutatingRule() {}

  static double f(double a, double[] x, int n) {
    return Sines.f(a, x, n);
  }
}
