package io.jgrad.check.fakes;

final class Polar_Rrule {
  private Polar_Rrule() {}

  record PolarGradient(Shapes.Vec value, double rBar, double thetaBar) {}

  static PolarGradient polar(double r, double theta, Shapes_Vec_Tangent resultBar) {
    double[] scalarBars = new double[2];
    Shapes.Vec value = polarAdjoint(r, theta, resultBar, scalarBars);
    return new PolarGradient(value, scalarBars[0], scalarBars[1]);
  }

  static Shapes.Vec polarAdjoint(double r, double theta, Shapes_Vec_Tangent resultBar,
      double[] scalarBars) {
    double c = Math.cos(theta);
    double s = Math.sin(theta);
    scalarBars[0] += resultBar.x * c + resultBar.y * s;
    scalarBars[1] += -resultBar.x * r * s + resultBar.y * r * c;
    return Polar.polar(r, theta);
  }

  static double[][] polarJacobian(double r, double theta) {
    double c = Math.cos(theta);
    double s = Math.sin(theta);
    return new double[][] {{c, -r * s}, {s, r * c}};
  }
}
