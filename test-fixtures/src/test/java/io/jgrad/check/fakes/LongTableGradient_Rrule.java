package io.jgrad.check.fakes;

import java.util.Arrays;

/** Broken: the convenience method returns a {@code tBar.b} one entry longer than {@code t.b}. */
final class LongTableGradient_Rrule {
  private LongTableGradient_Rrule() {}

  static TableEnergy_Rrule.FGradient f(Table t, double[] x) {
    TableEnergy_Rrule.FGradient g = TableEnergy_Rrule.f(t, x);
    g.tBar().b = Arrays.copyOf(g.tBar().b, g.tBar().b.length + 1);
    return g;
  }

  static double fAdjoint(Table t, Table_Tangent tBar, double[] x, double[] xBar, double seed) {
    return TableEnergy_Rrule.fAdjoint(t, tBar, x, xBar, seed);
  }
}
