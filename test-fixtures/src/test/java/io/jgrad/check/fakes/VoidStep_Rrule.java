package io.jgrad.check.fakes;

/** outBar holds the cotangent of out's final contents on entry; out's entry contents don't matter. */
final class VoidStep_Rrule {
  private VoidStep_Rrule() {}

  static void stepAdjoint(
      double[] state, double[] stateBar, double[] out, double[] outBar, double dt,
      double[] scalarBars) {
    for (int i = 0; i < state.length; i++) {
      out[i] = state[i] + dt * Math.sin(state[i]);
    }
    for (int i = 0; i < state.length; i++) {
      stateBar[i] += outBar[i] * (1 + dt * Math.cos(state[i]));
      scalarBars[0] += outBar[i] * Math.sin(state[i]);
      outBar[i] = 0;
    }
  }
}
