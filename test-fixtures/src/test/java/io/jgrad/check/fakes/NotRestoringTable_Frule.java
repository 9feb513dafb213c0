package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class NotRestoringTable_Frule {
  private NotRestoringTable_Frule() {}

  static Dual f(Table t, Table_Tangent tDot, double[] x, double[] xDot) {
    return TableEnergy_Frule.f(t, tDot, x, xDot);
  }
}
