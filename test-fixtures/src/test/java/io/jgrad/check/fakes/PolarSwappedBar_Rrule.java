package io.jgrad.check.fakes;

/** Broken: x and y of the result cotangent swapped. */
final class PolarSwappedBar_Rrule {
  private PolarSwappedBar_Rrule() {}

  record PolarGradient(Shapes.Vec value, double rBar, double thetaBar) {}

  static PolarGradient polar(double r, double theta, Shapes_Vec_Tangent resultBar) {
    double[] scalarBars = new double[2];
    Shapes.Vec value = polarAdjoint(r, theta, resultBar, scalarBars);
    return new PolarGradient(value, scalarBars[0], scalarBars[1]);
  }

  static Shapes.Vec polarAdjoint(double r, double theta, Shapes_Vec_Tangent resultBar,
      double[] scalarBars) {
    return Polar_Rrule.polarAdjoint(r, theta,
        new Shapes_Vec_Tangent(resultBar.y, resultBar.x), scalarBars);
  }

  static double[][] polarJacobian(double r, double theta) {
    return Polar_Rrule.polarJacobian(r, theta);
  }
}
