package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class ForgetfulRecordAdjoint_Frule {
  private ForgetfulRecordAdjoint_Frule() {}

  static Dual f(
      Body b, Body_Tangent bDot, Shapes.Vec[] vs, Shapes_Vec_Tangent[] vsDot, double s,
      double sDot) {
    return RecordEnergy_Frule.f(b, bDot, vs, vsDot, s, sDot);
  }
}
