package io.jgrad.check.fakes;

/** Broken: computes out but leaves outDot alone. */
final class UntouchedOutputTangent_Frule {
  private UntouchedOutputTangent_Frule() {}

  static void step(
      double[] state, double[] stateDot, double[] out, double[] outDot, double dt, double dtDot) {
    VoidStep.step(state, out, dt);
  }
}
