package io.jgrad.check.fakes;

/**
 * {@code out[i] = state[i] + dt * sin(state[i])}: a void method whose outputs are the final
 * contents of {@code out} (and of {@code state}, which it only reads), with correct rules.
 */
public final class VoidStep {
  private VoidStep() {}

  static void step(double[] state, double[] out, double dt) {
    for (int i = 0; i < state.length; i++) {
      out[i] = state[i] + dt * Math.sin(state[i]);
    }
  }
}
