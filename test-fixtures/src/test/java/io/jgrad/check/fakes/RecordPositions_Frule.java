package io.jgrad.check.fakes;

import io.jgrad.DualArray;

final class RecordPositions_Frule {
  private RecordPositions_Frule() {}

  static DualArray f(Body b, Body_Tangent bDot, Shapes.Vec[] vs, Shapes_Vec_Tangent[] vsDot) {
    double[] y = new double[vs.length];
    double[] yDot = new double[vs.length];
    for (int i = 0; i < vs.length; i++) {
      Shapes.Vec v = vs[i];
      if (v != null) {
        y[i] = b.mass() * v.x() + b.pos().y() * v.y();
        yDot[i] = bDot.mass * v.x() + b.mass() * vsDot[i].x + bDot.pos.y * v.y()
            + b.pos().y() * vsDot[i].y;
      }
    }
    return new DualArray(y, yDot);
  }
}
