package io.jgrad.check.fakes;

/** {@link TableEnergy#f} again, with a broken rule (see OverwritingTableAdjoint_Rrule or OverwritingTableAdjoint_Frule). */
public final class OverwritingTableAdjoint {
  private OverwritingTableAdjoint() {}

  static double f(Table t, double[] x) {
    return TableEnergy.f(t, x);
  }
}
