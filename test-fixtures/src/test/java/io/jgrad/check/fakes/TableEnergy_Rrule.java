package io.jgrad.check.fakes;

final class TableEnergy_Rrule {
  private TableEnergy_Rrule() {}

  record FGradient(double value, Table_Tangent tBar, double[] xBar) {}

  static FGradient f(Table t, double[] x) {
    Table_Tangent tBar = Table_Tangent.zerosLike(t);
    double[] xBar = new double[x.length];
    double value = fAdjoint(t, tBar, x, xBar, 1);
    return new FGradient(value, tBar, xBar);
  }

  static double fAdjoint(Table t, Table_Tangent tBar, double[] x, double[] xBar, double seed) {
    double inner = TableEnergy.quadratic(t, x) + TableEnergy.sines(t);
    tBar.scale += seed * inner;
    double innerBar = seed * t.scale();
    addMatrixAdjoint(t, tBar, x, xBar, innerBar);
    if (t.b() != null) {
      for (int k : t.idx()) {
        tBar.b[k] += innerBar * Math.cos(t.b()[k]);
      }
    }
    return t.scale() * inner;
  }

  /** The adjoint of the quadratic part: into {@code tBar.a} and {@code xBar}. */
  static void addMatrixAdjoint(
      Table t, Table_Tangent tBar, double[] x, double[] xBar, double innerBar) {
    if (t.a() == null) {
      return;
    }
    for (int i = 0; i < t.a().length; i++) {
      double[] row = t.a()[i];
      if (row != null) {
        for (int j = 0; j < row.length; j++) {
          tBar.a[i][j] += innerBar * x[j] * x[j];
          xBar[j] += innerBar * row[j] * 2 * x[j];
        }
      }
    }
  }
}
