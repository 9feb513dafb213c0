package io.jgrad.corpus.arrays;

import io.jgrad.Grad;

/**
 * Arrays passed to other {@code @Grad} methods that read or write them: rows of a
 * {@code double[][]} passed to a method that scales them in place, a local passed to a writer,
 * a writer called twice on the same parameter, array results of callees used as locals, a
 * {@code void} step called in a loop, a recursive method writing its argument, a layer helper
 * called twice, and a callee that swaps the row objects of its argument.
 */
public final class Composition {
  private Composition() {}

  /** A reader: sum of squares. */
  @Grad
  public static double sumSquares(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * x[i];
    }
    return s;
  }

  /** A writer: row[i] *= a. */
  @Grad
  public static void scaleInPlace(double[] row, double a) {
    for (int i = 0; i < row.length; i++) {
      row[i] *= a;
    }
  }

  /** Normalises every row of m in place by passing the rows to the reader and the writer. */
  @Grad
  public static double normalizeRows(double[][] m) {
    for (int i = 0; i < m.length; i++) {
      scaleInPlace(m[i], 1.0 / Math.sqrt(sumSquares(m[i])));
    }
    double s = 0.0;
    for (int i = 0; i < m.length; i++) {
      s += m[i][0] * (i + 1) + m[i][m[i].length - 1];
    }
    return s;
  }

  /** Calls a writer of another class twice on its own parameter: x ends as exp(exp(x)). */
  @Grad
  public static double writerCalledTwice(double[] x) {
    double a = Writes.expInPlace(x);
    double b = Writes.expInPlace(x);
    return a * b + x[1];
  }

  /** Passes a local copy to a writer; the parameter is only read. */
  @Grad
  public static double localPassedToWriter(double[] x, double a) {
    double[] tmp = x.clone();
    scaleInPlace(tmp, a);
    Writes.inPlaceRecurrence(tmp, 0.5 * a);
    return sumSquares(tmp) + x[0] * tmp[0];
  }

  /** Uses the array result of another class's method (softmax) as a local. */
  @Grad
  public static double softmaxExpectation(double[] z, double[] values) {
    double[] p = Results.softmax(z);
    double s = 0.0;
    for (int i = 0; i < p.length; i++) {
      s += p[i] * values[i];
    }
    return s;
  }

  /** Integrates with the void {@link Results#step} three times, copying out back into state. */
  @Grad
  public static double integrateWithStep(double[] state, double dt) {
    double[] out = new double[state.length];
    for (int k = 0; k < 3; k++) {
      Results.step(state, out, dt);
      System.arraycopy(out, 0, state, 0, state.length);
    }
    return sumSquares(state);
  }

  /**
   * Recursive and writing: x[k] = x[k] + sin(x[k - 1]) after the recursive call on k - 1, so each
   * level reads what the deeper levels wrote.
   */
  @Grad
  public static double recursiveWrites(double[] x, int k) {
    if (k <= 0) {
      return x[0];
    }
    double r = recursiveWrites(x, k - 1);
    x[k] = x[k] + Math.sin(x[k - 1]);
    return r + x[k];
  }

  /**
   * Returns the array a callee returned: the callee's reverse part puts back old contents of
   * that array, so the caller must keep the final ones for its own result.
   */
  @Grad
  public static double[] returnsCalleeResult(double[] x) {
    return squaredTwice(x);
  }

  /** Writes its local result twice, so its reverse sweep restores old contents. */
  @Grad
  public static double[] squaredTwice(double[] x) {
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      y[i] = x[i] * x[i];
    }
    for (int i = 0; i < x.length; i++) {
      y[i] = y[i] * y[i] + 1;
    }
    return y;
  }

  /** A layer helper returning a new array: tanh(w x + b). */
  @Grad
  public static double[] denseTanh(double[][] w, double[] b, double[] x) {
    double[] h = new double[w.length];
    for (int i = 0; i < w.length; i++) {
      double z = b[i];
      for (int j = 0; j < x.length; j++) {
        z += w[i][j] * x[j];
      }
      h[i] = Math.tanh(z);
    }
    return h;
  }

  /** Two layers through the helper, then a loss via the reader. */
  @Grad
  public static double twoLayerLoss(
      double[][] w1, double[] b1, double[][] w2, double[] b2, double[] x) {
    double[] h = denseTanh(w1, b1, x);
    double[] out = denseTanh(w2, b2, h);
    return sumSquares(out) + 0.1 * sumSquares(h);
  }

  /**
   * Calls a method that swaps the row objects of its argument and writes through them; the rows
   * are read after the call, so the caller's adjoint of a must follow the callee's positional
   * contract (aBar[r] belongs to whatever row a[r] holds at the end).
   */
  @Grad
  public static double callsRowSwapper(double[][] a) {
    double s = Matrices.swapRows(a, 0, 1);
    return s * a[0][0] + a[1][1] * a[1][0];
  }

  /** matVec of another class, then a row of a parameter passed to the reader. */
  @Grad
  public static double matVecThenRow(double[][] a, double[] x) {
    double[] y = Results.matVec(a, x);
    return sumSquares(y) * sumSquares(a[1]);
  }

  /** A callee that writes x and returns a new array; the caller drops the result (item 7). */
  @Grad
  public static double discardedArrayResult(double[] x) {
    doubledCopy(x);
    return x[0] * x[1];
  }

  /** Doubles x in place and returns its squares. */
  @Grad
  public static double[] doubledCopy(double[] x) {
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      x[i] *= 2.0;
      y[i] = x[i] * x[i];
    }
    return y;
  }

  /** A read-only callee's array result dropped: only the call's exceptions would matter. */
  @Grad
  public static double discardedReadOnlyResult(double[] x) {
    squaredTwice(x);
    return Math.sin(x[0]);
  }
}
