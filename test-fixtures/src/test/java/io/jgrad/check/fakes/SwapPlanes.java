package io.jgrad.check.fakes;

/**
 * Swaps sub-matrices 0 and 1 of its {@code double[][][]} argument (the objects), triples
 * x[0][0][0] and returns x[0][0][0] * x[1][0][0]: the final contents of x are read slot by slot
 * (x[0][0] is the entry x[1][0]), so the rules must swap the tangent and adjoint sub-matrices too
 * (and the adjoint back again).
 */
public final class SwapPlanes {
  private SwapPlanes() {}

  static double f(double[][][] x) {
    double[][] t = x[0];
    x[0] = x[1];
    x[1] = t;
    x[0][0][0] *= 3;
    return x[0][0][0] * x[1][0][0];
  }
}
