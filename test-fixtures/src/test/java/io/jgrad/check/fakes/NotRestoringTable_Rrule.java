package io.jgrad.check.fakes;

/** Broken: the adjoint leaves {@code t.b[0]} changed (the primal only reads t). */
final class NotRestoringTable_Rrule {
  private NotRestoringTable_Rrule() {}

  static TableEnergy_Rrule.FGradient f(Table t, double[] x) {
    return TableEnergy_Rrule.f(t, x);
  }

  static double fAdjoint(Table t, Table_Tangent tBar, double[] x, double[] xBar, double seed) {
    double value = TableEnergy_Rrule.fAdjoint(t, tBar, x, xBar, seed);
    t.b()[0] += 1; // scratch use of the argument, never undone
    return value;
  }
}
