package io.jgrad.check.fakes;

/** Broken: {@code bBar.charge} gets nothing. */
final class ForgetfulRecordAdjoint_Rrule {
  private ForgetfulRecordAdjoint_Rrule() {}

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
    double chargeBar = bBar.charge;
    double value = RecordEnergy_Rrule.fAdjoint(b, bBar, vs, vsBar, s, seed, scalarBars);
    bBar.charge = chargeBar; // the contribution of b.charge is forgotten
    return value;
  }
}
