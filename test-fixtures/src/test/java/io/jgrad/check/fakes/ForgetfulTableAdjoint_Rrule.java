package io.jgrad.check.fakes;

/** Broken: {@code tBar.a} gets nothing (x's adjoint is right). */
final class ForgetfulTableAdjoint_Rrule {
  private ForgetfulTableAdjoint_Rrule() {}

  static TableEnergy_Rrule.FGradient f(Table t, double[] x) {
    Table_Tangent tBar = Table_Tangent.zerosLike(t);
    double[] xBar = new double[x.length];
    double value = fAdjoint(t, tBar, x, xBar, 1);
    return new TableEnergy_Rrule.FGradient(value, tBar, xBar);
  }

  static double fAdjoint(Table t, Table_Tangent tBar, double[] x, double[] xBar, double seed) {
    double[][] entry = new double[tBar.a.length][];
    for (int i = 0; i < entry.length; i++) {
      entry[i] = tBar.a[i] == null ? null : tBar.a[i].clone();
    }
    double value = TableEnergy_Rrule.fAdjoint(t, tBar, x, xBar, seed);
    for (int i = 0; i < entry.length; i++) {
      if (entry[i] != null) {
        System.arraycopy(entry[i], 0, tBar.a[i], 0, entry[i].length); // forgotten
      }
    }
    return value;
  }
}
