package io.jgrad.check.fakes;

import io.jgrad.Dual;

/** Broken: the tangent of {@code b.pos.x} is taken to be zero. */
final class WrongNestedTangent_Frule {
  private WrongNestedTangent_Frule() {}

  static Dual f(
      Body b, Body_Tangent bDot, Shapes.Vec[] vs, Shapes_Vec_Tangent[] vsDot, double s,
      double sDot) {
    Body_Tangent withoutPosX =
        new Body_Tangent(bDot.mass, bDot.charge, new Shapes_Vec_Tangent(0, bDot.pos.y));
    return RecordEnergy_Frule.f(b, withoutPosX, vs, vsDot, s, sDot);
  }
}
