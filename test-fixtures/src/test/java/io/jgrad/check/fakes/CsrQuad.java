package io.jgrad.check.fakes;

/**
 * {@code f(m, x) = m.scale * x^T M x} for a sparse matrix {@code m} (a plain class used as data)
 * and a vector {@code x}, with correct rules.
 */
public final class CsrQuad {
  private CsrQuad() {}

  static double f(Csr m, double[] x) {
    double s = 0;
    for (int i = 0; i < m.rows(); i++) {
      for (int k = m.from(i); k < m.to(i); k++) {
        s += x[i] * m.values[k] * x[m.column(k)];
      }
    }
    return m.scale * s;
  }
}
