package io.jgrad.check.fakes;

/** Broken: leaves outBar as it was on entry instead of zeroing it. */
final class StaleOutputBar_Rrule {
  private StaleOutputBar_Rrule() {}

  static void stepAdjoint(
      double[] state, double[] stateBar, double[] out, double[] outBar, double dt,
      double[] scalarBars) {
    for (int i = 0; i < state.length; i++) {
      out[i] = state[i] + dt * Math.sin(state[i]);
    }
    for (int i = 0; i < state.length; i++) {
      stateBar[i] += outBar[i] * (1 + dt * Math.cos(state[i]));
      scalarBars[0] += outBar[i] * Math.sin(state[i]);
    }
  }
}
