package io.jgrad.check.fakes;

/** {@link MatrixForm} whose adjoint writes wBar transposed. */
public final class TransposedMatrixBar {
  private TransposedMatrixBar() {}

  static double f(double[][] w, double[] x) {
    return MatrixForm.f(w, x);
  }
}
