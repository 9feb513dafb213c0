package io.jgrad.check.fakes;

final class CsrQuad_Rrule {
  private CsrQuad_Rrule() {}

  record FGradient(double value, Csr_Tangent mBar, double[] xBar) {}

  static FGradient f(Csr m, double[] x) {
    Csr_Tangent mBar = Csr_Tangent.zerosLike(m);
    double[] xBar = new double[x.length];
    double value = fAdjoint(m, mBar, x, xBar, 1);
    return new FGradient(value, mBar, xBar);
  }

  static double fAdjoint(Csr m, Csr_Tangent mBar, double[] x, double[] xBar, double seed) {
    double value = CsrQuad.f(m, x);
    double sBar = seed * m.scale;
    double s = 0;
    for (int i = 0; i < m.rows(); i++) {
      for (int k = m.from(i); k < m.to(i); k++) {
        int j = m.column(k);
        s += x[i] * m.values[k] * x[j];
        xBar[i] += sBar * m.values[k] * x[j];
        mBar.values[k] += sBar * x[i] * x[j];
        xBar[j] += sBar * x[i] * m.values[k];
      }
    }
    mBar.scale += seed * s;
    return value;
  }
}
