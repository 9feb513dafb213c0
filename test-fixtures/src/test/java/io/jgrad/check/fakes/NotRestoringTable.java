package io.jgrad.check.fakes;

/** {@link TableEnergy#f} again, with a broken rule (see NotRestoringTable_Rrule or NotRestoringTable_Frule). */
public final class NotRestoringTable {
  private NotRestoringTable() {}

  static double f(Table t, double[] x) {
    return TableEnergy.f(t, x);
  }
}
