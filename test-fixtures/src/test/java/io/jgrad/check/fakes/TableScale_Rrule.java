package io.jgrad.check.fakes;

final class TableScale_Rrule {
  private TableScale_Rrule() {}

  record FGradient(double value, Table_Tangent tBar, double sBar) {}

  static FGradient f(Table t, double s) {
    Table_Tangent tBar = Table_Tangent.zerosLike(t);
    double[] scalarBars = new double[1];
    double value = fAdjoint(t, tBar, s, 1, scalarBars);
    return new FGradient(value, tBar, scalarBars[0]);
  }

  /**
   * On entry {@code tBar.b} holds the cotangent of the final {@code t.b}; on return that of its
   * entry contents.
   */
  static double fAdjoint(Table t, Table_Tangent tBar, double s, double seed, double[] scalarBars) {
    double[] b = t.b();
    double[] entry = b.clone();
    double sum = 0;
    for (int i = 0; i < b.length; i++) {
      b[i] = b[i] * s;
      sum += b[i] * b[i];
    }
    tBar.scale += seed * sum;
    for (int i = 0; i < b.length; i++) {
      tBar.b[i] += seed * t.scale() * 2 * b[i];
      scalarBars[0] += tBar.b[i] * entry[i];
      tBar.b[i] = tBar.b[i] * s;
    }
    return t.scale() * sum;
  }
}
