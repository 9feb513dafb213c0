package io.jgrad.check.fakes;

/** {@link Sines} whose forward rule has a wrong tangent. */
public final class WrongTangent {
  private WrongTangent() {}

  static double f(double a, double[] x, int n) {
    return Sines.f(a, x, n);
  }
}
