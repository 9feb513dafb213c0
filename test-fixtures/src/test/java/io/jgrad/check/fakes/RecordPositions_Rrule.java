package io.jgrad.check.fakes;

final class RecordPositions_Rrule {
  private RecordPositions_Rrule() {}

  record FGradient(double[] value, Body_Tangent bBar, Shapes_Vec_Tangent[] vsBar) {}

  static FGradient f(Body b, Shapes.Vec[] vs, double[] resultBar) {
    Body_Tangent bBar = new Body_Tangent();
    Shapes_Vec_Tangent[] vsBar = Shapes_Vec_Tangent.zerosLike(vs);
    double[] value = fAdjoint(b, bBar, vs, vsBar, resultBar);
    return new FGradient(value, bBar, vsBar);
  }

  static double[] fAdjoint(
      Body b, Body_Tangent bBar, Shapes.Vec[] vs, Shapes_Vec_Tangent[] vsBar,
      double[] resultBar) {
    double[] y = RecordPositions.f(b, vs);
    for (int i = 0; i < vs.length; i++) {
      Shapes.Vec v = vs[i];
      if (v != null) {
        bBar.mass += resultBar[i] * v.x();
        bBar.pos.y += resultBar[i] * v.y();
        vsBar[i].x += resultBar[i] * b.mass();
        vsBar[i].y += resultBar[i] * b.pos().y();
      }
    }
    return y;
  }

  /** Columns: b.mass, b.charge, b.pos.x, b.pos.y, then x and y of each non-null vs[i]. */
  static double[][] fJacobian(Body b, Shapes.Vec[] vs) {
    int nonNull = 0;
    for (Shapes.Vec v : vs) {
      nonNull += v == null ? 0 : 1;
    }
    double[][] jacobian = new double[vs.length][4 + 2 * nonNull];
    for (int i = 0, column = 4; i < vs.length; i++) {
      Shapes.Vec v = vs[i];
      if (v != null) {
        jacobian[i][0] = v.x();
        jacobian[i][3] = v.y();
        jacobian[i][column++] = b.mass();
        jacobian[i][column++] = b.pos().y();
      }
    }
    return jacobian;
  }
}
