package io.jgrad.check.fakes;

/** {@link Polar} whose adjoint reads the result cotangent's components swapped. */
public final class PolarSwappedBar {
  private PolarSwappedBar() {}

  static Shapes.Vec polar(double r, double theta) {
    return Polar.polar(r, theta);
  }
}
