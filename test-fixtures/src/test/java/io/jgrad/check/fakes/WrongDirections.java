package io.jgrad.check.fakes;

/** {@link Sines} whose vector forward rule reads the first direction's tangents in every lane. */
public final class WrongDirections {
  private WrongDirections() {}

  static double f(double a, double[] x, int n) {
    return Sines.f(a, x, n);
  }
}
