package io.jgrad.check.fakes;

/** Broken: {@code tBar.b[k]} is assigned {@code seed * df/db[k]} instead of added to. */
final class OverwritingTableAdjoint_Rrule {
  private OverwritingTableAdjoint_Rrule() {}

  static TableEnergy_Rrule.FGradient f(Table t, double[] x) {
    Table_Tangent tBar = Table_Tangent.zerosLike(t);
    double[] xBar = new double[x.length];
    double value = fAdjoint(t, tBar, x, xBar, 1);
    return new TableEnergy_Rrule.FGradient(value, tBar, xBar);
  }

  static double fAdjoint(Table t, Table_Tangent tBar, double[] x, double[] xBar, double seed) {
    double value = TableEnergy_Rrule.fAdjoint(t, tBar, x, xBar, seed);
    for (int k : t.idx()) {
      // assigned: what tBar.b[k] held on entry is lost (right for distinct indices from zeros)
      tBar.b[k] = seed * t.scale() * Math.cos(t.b()[k]);
    }
    return value;
  }
}
