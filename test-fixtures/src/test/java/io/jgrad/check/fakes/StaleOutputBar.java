package io.jgrad.check.fakes;

/** {@link VoidStep} whose adjoint forgets that out's entry contents are overwritten. */
public final class StaleOutputBar {
  private StaleOutputBar() {}

  static void step(double[] state, double[] out, double dt) {
    VoidStep.step(state, out, dt);
  }
}
