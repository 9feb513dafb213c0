package io.jgrad.check.fakes;

/**
 * Swaps rows 0 and 1 of its {@code double[][]} argument (the row objects), doubles a[0][0] and
 * returns a[0][0] * a[1][1]: the final contents of a are read slot by slot (a[0] is the entry
 * a[1]), so the rules must swap the tangent and adjoint rows too (and the adjoint back again).
 */
public final class SwapRows {
  private SwapRows() {}

  static double f(double[][] a) {
    double[] t = a[0];
    a[0] = a[1];
    a[1] = t;
    a[0][0] *= 2;
    return a[0][0] * a[1][1];
  }
}
