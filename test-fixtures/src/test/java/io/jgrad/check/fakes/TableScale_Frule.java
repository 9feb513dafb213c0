package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class TableScale_Frule {
  private TableScale_Frule() {}

  /** Updates {@code tDot.b} in place along with {@code t.b}. */
  static Dual f(Table t, Table_Tangent tDot, double s, double sDot) {
    double[] b = t.b();
    double[] bDot = tDot.b;
    double sum = 0;
    double sumDot = 0;
    for (int i = 0; i < b.length; i++) {
      bDot[i] = bDot[i] * s + b[i] * sDot;
      b[i] = b[i] * s;
      sum += b[i] * b[i];
      sumDot += 2 * b[i] * bDot[i];
    }
    return new Dual(t.scale() * sum, tDot.scale * sum + t.scale() * sumDot);
  }
}
