package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class TransposedMatrixBar_Frule {
  private TransposedMatrixBar_Frule() {}

  static Dual f(double[][] w, double[][] wDot, double[] x, double[] xDot) {
    return MatrixForm_Frule.f(w, wDot, x, xDot);
  }
}
