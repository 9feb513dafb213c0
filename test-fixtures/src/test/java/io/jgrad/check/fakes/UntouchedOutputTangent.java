package io.jgrad.check.fakes;

/** {@link VoidStep} whose forward rule does not update outDot. */
public final class UntouchedOutputTangent {
  private UntouchedOutputTangent() {}

  static void step(double[] state, double[] out, double dt) {
    VoidStep.step(state, out, dt);
  }
}
