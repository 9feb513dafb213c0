package io.jgrad.check.fakes;

/** {@link TableEnergy#f} again, with a broken rule (see ForgetfulTableAdjoint_Rrule or ForgetfulTableAdjoint_Frule). */
public final class ForgetfulTableAdjoint {
  private ForgetfulTableAdjoint() {}

  static double f(Table t, double[] x) {
    return TableEnergy.f(t, x);
  }
}
