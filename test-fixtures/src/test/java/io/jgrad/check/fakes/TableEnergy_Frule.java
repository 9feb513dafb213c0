package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class TableEnergy_Frule {
  private TableEnergy_Frule() {}

  static Dual f(Table t, Table_Tangent tDot, double[] x, double[] xDot) {
    double inner = TableEnergy.quadratic(t, x) + TableEnergy.sines(t);
    double innerDot = 0;
    if (t.a() != null) {
      for (int i = 0; i < t.a().length; i++) {
        double[] row = t.a()[i];
        if (row != null) {
          for (int j = 0; j < row.length; j++) {
            innerDot += tDot.a[i][j] * x[j] * x[j] + row[j] * 2 * x[j] * xDot[j];
          }
        }
      }
    }
    if (t.b() != null) {
      for (int k : t.idx()) {
        innerDot += Math.cos(t.b()[k]) * tDot.b[k];
      }
    }
    return new Dual(t.scale() * inner, tDot.scale * inner + t.scale() * innerDot);
  }
}
