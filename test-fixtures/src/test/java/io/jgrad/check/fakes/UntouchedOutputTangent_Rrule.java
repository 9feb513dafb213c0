package io.jgrad.check.fakes;

final class UntouchedOutputTangent_Rrule {
  private UntouchedOutputTangent_Rrule() {}

  static void stepAdjoint(
      double[] state, double[] stateBar, double[] out, double[] outBar, double dt,
      double[] scalarBars) {
    VoidStep_Rrule.stepAdjoint(state, stateBar, out, outBar, dt, scalarBars);
  }
}
