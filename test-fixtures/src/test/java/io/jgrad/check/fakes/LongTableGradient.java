package io.jgrad.check.fakes;

/** {@link TableEnergy#f} again, with a broken rule (see LongTableGradient_Rrule or LongTableGradient_Frule). */
public final class LongTableGradient {
  private LongTableGradient() {}

  static double f(Table t, double[] x) {
    return TableEnergy.f(t, x);
  }
}
