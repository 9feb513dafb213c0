package io.jgrad.check.fakes;

final class PolarSwappedBar_Frule {
  private PolarSwappedBar_Frule() {}

  static Shapes_Vec_Tangent.Dual polar(double r, double rDot, double theta, double thetaDot) {
    return Polar_Frule.polar(r, rDot, theta, thetaDot);
  }
}
