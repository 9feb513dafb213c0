package io.jgrad.check.fakes;

final class RecordStep_Frule {
  private RecordStep_Frule() {}

  static void scale(Shapes.Vec[] vs, Shapes_Vec_Tangent[] vsDot, double a, double aDot) {
    for (int i = 0; i < vs.length; i++) {
      Shapes.Vec v = vs[i];
      if (v != null) {
        vsDot[i] = new Shapes_Vec_Tangent(aDot * v.x() + a * vsDot[i].x, vsDot[i].y + aDot);
        vs[i] = new Shapes.Vec(a * v.x(), v.y() + a);
      }
    }
  }
}
