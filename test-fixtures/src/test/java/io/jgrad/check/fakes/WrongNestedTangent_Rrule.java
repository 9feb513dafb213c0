package io.jgrad.check.fakes;

final class WrongNestedTangent_Rrule {
  private WrongNestedTangent_Rrule() {}

  static RecordEnergy_Rrule.FGradient f(Body b, Shapes.Vec[] vs, double s) {
    return RecordEnergy_Rrule.f(b, vs, s);
  }

  static double fAdjoint(
      Body b, Body_Tangent bBar, Shapes.Vec[] vs, Shapes_Vec_Tangent[] vsBar, double s,
      double seed, double[] scalarBars) {
    return RecordEnergy_Rrule.fAdjoint(b, bBar, vs, vsBar, s, seed, scalarBars);
  }
}
