package io.jgrad.check.fakes;

final class StaleOutputBar_Frule {
  private StaleOutputBar_Frule() {}

  static void step(
      double[] state, double[] stateDot, double[] out, double[] outDot, double dt, double dtDot) {
    VoidStep_Frule.step(state, stateDot, out, outDot, dt, dtDot);
  }
}
