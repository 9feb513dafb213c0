package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class CsrQuad_Frule {
  private CsrQuad_Frule() {}

  static Dual f(Csr m, Csr_Tangent mDot, double[] x, double[] xDot) {
    double s = 0;
    double sDot = 0;
    for (int i = 0; i < m.rows(); i++) {
      for (int k = m.from(i); k < m.to(i); k++) {
        int j = m.column(k);
        s += x[i] * m.values[k] * x[j];
        sDot += xDot[i] * m.values[k] * x[j] + x[i] * mDot.values[k] * x[j]
            + x[i] * m.values[k] * xDot[j];
      }
    }
    return new Dual(m.scale * s, mDot.scale * s + m.scale * sDot);
  }
}
