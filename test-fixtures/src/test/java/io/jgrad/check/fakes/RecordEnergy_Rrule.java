package io.jgrad.check.fakes;

final class RecordEnergy_Rrule {
  private RecordEnergy_Rrule() {}

  record FGradient(double value, Body_Tangent bBar, Shapes_Vec_Tangent[] vsBar, double sBar) {}

  static FGradient f(Body b, Shapes.Vec[] vs, double s) {
    Body_Tangent bBar = new Body_Tangent();
    Shapes_Vec_Tangent[] vsBar = Shapes_Vec_Tangent.zerosLike(vs);
    double[] scalarBars = new double[1];
    double value = fAdjoint(b, bBar, vs, vsBar, s, 1, scalarBars);
    return new FGradient(value, bBar, vsBar, scalarBars[0]);
  }

  static double fAdjoint(
      Body b, Body_Tangent bBar, Shapes.Vec[] vs, Shapes_Vec_Tangent[] vsBar, double s,
      double seed, double[] scalarBars) {
    double sum = 0;
    for (Shapes.Vec v : vs) {
      if (v != null) {
        sum += v.x() * b.pos().x() + Math.sin(v.y());
      }
    }
    double mc = b.mass() * b.charge();
    double value = mc * sum + b.count() * b.pos().y() * s;
    bBar.mass += seed * b.charge() * sum;
    bBar.charge += seed * b.mass() * sum;
    bBar.pos.y += seed * b.count() * s;
    scalarBars[0] += seed * b.count() * b.pos().y();
    for (int i = 0; i < vs.length; i++) {
      Shapes.Vec v = vs[i];
      if (v != null) {
        bBar.pos.x += seed * mc * v.x();
        vsBar[i].x += seed * mc * b.pos().x();
        vsBar[i].y += seed * mc * Math.cos(v.y());
      }
    }
    return value;
  }
}
