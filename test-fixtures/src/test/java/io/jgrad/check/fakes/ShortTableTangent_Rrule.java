package io.jgrad.check.fakes;

final class ShortTableTangent_Rrule {
  private ShortTableTangent_Rrule() {}

  static TableEnergy_Rrule.FGradient f(Table t, double[] x) {
    return TableEnergy_Rrule.f(t, x);
  }

  static double fAdjoint(Table t, Table_Tangent tBar, double[] x, double[] xBar, double seed) {
    return TableEnergy_Rrule.fAdjoint(t, tBar, x, xBar, seed);
  }
}
