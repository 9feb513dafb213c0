package io.jgrad.check.fakes;

/**
 * {@link RecordEnergy#f} again. Broken: the adjoint forgets the contribution of {@code b.charge}
 * (a float component).
 */
public final class ForgetfulRecordAdjoint {
  private ForgetfulRecordAdjoint() {}

  static double f(Body b, Shapes.Vec[] vs, double s) {
    return RecordEnergy.f(b, vs, s);
  }
}
