package io.jgrad.check.fakes;

final class RecordStep_Rrule {
  private RecordStep_Rrule() {}

  /** On entry vsBar[i] holds the cotangent of the final vs[i]; on return of the entry vs[i]. */
  static void scaleAdjoint(
      Shapes.Vec[] vs, Shapes_Vec_Tangent[] vsBar, double a, double[] scalarBars) {
    for (int i = 0; i < vs.length; i++) {
      Shapes.Vec v = vs[i];
      if (v != null) {
        Shapes_Vec_Tangent bar = vsBar[i];
        scalarBars[0] += bar.x * v.x() + bar.y;
        bar.x = a * bar.x;
        vs[i] = new Shapes.Vec(a * v.x(), v.y() + a);
      }
    }
  }
}
