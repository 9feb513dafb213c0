package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class RecordEnergy_Frule {
  private RecordEnergy_Frule() {}

  static Dual f(
      Body b, Body_Tangent bDot, Shapes.Vec[] vs, Shapes_Vec_Tangent[] vsDot, double s,
      double sDot) {
    double sum = 0;
    double sumDot = 0;
    for (int i = 0; i < vs.length; i++) {
      Shapes.Vec v = vs[i];
      if (v != null) {
        sum += v.x() * b.pos().x() + Math.sin(v.y());
        sumDot += vsDot[i].x * b.pos().x() + v.x() * bDot.pos.x + Math.cos(v.y()) * vsDot[i].y;
      }
    }
    double mc = b.mass() * b.charge();
    double mcDot = bDot.mass * b.charge() + b.mass() * bDot.charge;
    double value = mc * sum + b.count() * b.pos().y() * s;
    double tangent =
        mcDot * sum + mc * sumDot + b.count() * (bDot.pos.y * s + b.pos().y() * sDot);
    return new Dual(value, tangent);
  }
}
