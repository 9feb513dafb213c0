package io.jgrad.check.fakes;

/**
 * {@link RecordEnergy#f} again. Broken: the adjoint assigns into {@code bBar.mass} instead of
 * adding.
 */
public final class OverwritingRecordAdjoint {
  private OverwritingRecordAdjoint() {}

  static double f(Body b, Shapes.Vec[] vs, double s) {
    return RecordEnergy.f(b, vs, s);
  }
}
