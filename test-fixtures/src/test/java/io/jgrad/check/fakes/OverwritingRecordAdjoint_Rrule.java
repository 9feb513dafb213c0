package io.jgrad.check.fakes;

/** Broken: {@code bBar.mass} is assigned {@code seed * df/dmass} instead of added to. */
final class OverwritingRecordAdjoint_Rrule {
  private OverwritingRecordAdjoint_Rrule() {}

  static RecordEnergy_Rrule.FGradient f(Body b, Shapes.Vec[] vs, double s) {
    Body_Tangent bBar = new Body_Tangent();
    Shapes_Vec_Tangent[] vsBar = Shapes_Vec_Tangent.zerosLike(vs);
    double[] scalarBars = new double[1];
    double value = fAdjoint(b, bBar, vs, vsBar, s, 1, scalarBars);
    return new RecordEnergy_Rrule.FGradient(value, bBar, vsBar, scalarBars[0]);
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
    double value = RecordEnergy_Rrule.fAdjoint(b, bBar, vs, vsBar, s, seed, scalarBars);
    bBar.mass = seed * b.charge() * sum; // assigned: what bBar.mass held on entry is lost
    return value;
  }
}
