package io.jgrad.check.fakes;

/** {@link TableEnergy#f} again, with a broken rule (see ShortTableTangent_Rrule or ShortTableTangent_Frule). */
public final class ShortTableTangent {
  private ShortTableTangent() {}

  static double f(Table t, double[] x) {
    return TableEnergy.f(t, x);
  }
}
