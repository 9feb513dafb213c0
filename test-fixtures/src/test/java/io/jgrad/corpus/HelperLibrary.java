package io.jgrad.corpus;

/**
 * Ordinary numeric helpers without {@code @Grad}, in a class of their own: jgrad differentiates
 * them because {@link Helpers}' {@code @Grad} methods call them (issue 9, item 1).
 */
final class HelperLibrary {
  private HelperLibrary() {}

  static double sigmoid(double z) {
    return 1.0 / (1.0 + Math.exp(-z));
  }

  /** log(1 + e^z) without overflow: calls another helper of this class. */
  static double softplus(double z) {
    if (z > 30.0) {
      return z + log1pExp(-z);
    }
    return log1pExp(z);
  }

  private static double log1pExp(double z) {
    return Math.log1p(Math.exp(z));
  }

  static double dot(double[] a, double[] b) {
    double s = 0.0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  /** Writes its output array, as BLAS does: {@code y += a x}. */
  static void axpy(double a, double[] x, double[] y) {
    for (int i = 0; i < x.length; i++) {
      y[i] += a * x[i];
    }
  }

  /** Calls a {@code @Grad} method from a helper. */
  static double squaredNorm(double[] x) {
    return Helpers.sumOfSquares(x);
  }

  /** A passive helper (an int result) that reads a double[]: called by the rules as it is. */
  static int nearest(double[] grid, double t) {
    int best = 0;
    for (int i = 1; i < grid.length; i++) {
      if (Math.abs(grid[i] - t) < Math.abs(grid[best] - t)) {
        best = i;
      }
    }
    return best;
  }
}
