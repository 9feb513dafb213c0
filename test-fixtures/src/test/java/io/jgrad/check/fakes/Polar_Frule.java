package io.jgrad.check.fakes;

final class Polar_Frule {
  private Polar_Frule() {}

  static Shapes_Vec_Tangent.Dual polar(double r, double rDot, double theta, double thetaDot) {
    double c = Math.cos(theta);
    double s = Math.sin(theta);
    return new Shapes_Vec_Tangent.Dual(Polar.polar(r, theta),
        new Shapes_Vec_Tangent(rDot * c - r * s * thetaDot, rDot * s + r * c * thetaDot));
  }
}
