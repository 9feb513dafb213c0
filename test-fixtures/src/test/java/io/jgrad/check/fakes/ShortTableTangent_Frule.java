package io.jgrad.check.fakes;

import io.jgrad.Dual;
import java.util.Arrays;

/** Broken: replaces {@code tDot.b} by an array one entry shorter than {@code t.b}. */
final class ShortTableTangent_Frule {
  private ShortTableTangent_Frule() {}

  static Dual f(Table t, Table_Tangent tDot, double[] x, double[] xDot) {
    Dual dual = TableEnergy_Frule.f(t, tDot, x, xDot);
    tDot.b = Arrays.copyOf(tDot.b, tDot.b.length - 1);
    return dual;
  }
}
