package io.jgrad.check.fakes;

final class VoidStep_Frule {
  private VoidStep_Frule() {}

  static void step(
      double[] state, double[] stateDot, double[] out, double[] outDot, double dt, double dtDot) {
    for (int i = 0; i < state.length; i++) {
      double s = Math.sin(state[i]);
      outDot[i] = stateDot[i] * (1 + dt * Math.cos(state[i])) + dtDot * s;
      out[i] = state[i] + dt * s;
    }
  }
}
