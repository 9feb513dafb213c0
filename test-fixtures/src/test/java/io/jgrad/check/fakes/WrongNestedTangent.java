package io.jgrad.check.fakes;

/**
 * {@link RecordEnergy#f} again. Broken: the forward rule ignores the tangent of the nested
 * component {@code b.pos.x}.
 */
public final class WrongNestedTangent {
  private WrongNestedTangent() {}

  static double f(Body b, Shapes.Vec[] vs, double s) {
    return RecordEnergy.f(b, vs, s);
  }
}
