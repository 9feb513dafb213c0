package io.jgrad.bench;

import java.util.Arrays;
import java.util.Random;

/**
 * Helpers for rows whose inputs are {@code double[][]}: drawing them, zeroing adjoint buffers, and
 * the flat layout of "the gradient" (matrices one after the other, each row by row).
 */
public final class Matrices {
  private Matrices() {}

  /** An m x n matrix of standard normals from {@code random}, row by row. */
  public static double[][] normals(Random random, int m, int n) {
    double[][] a = new double[m][n];
    for (double[] row : a) {
      for (int j = 0; j < n; j++) {
        row[j] = random.nextGaussian();
      }
    }
    return a;
  }

  /** Sets every entry of {@code a} to zero (the allocation-free reset of an adjoint buffer). */
  public static void zero(double[][] a) {
    for (double[] row : a) {
      Arrays.fill(row, 0.0);
    }
  }

  /** Number of entries of the matrices together. */
  public static int size(double[][]... ms) {
    int n = 0;
    for (double[][] m : ms) {
      for (double[] row : m) {
        n += row.length;
      }
    }
    return n;
  }

  /** The entries of the matrices, one after the other, each row by row. */
  public static double[] flatten(double[][]... ms) {
    double[] flat = new double[size(ms)];
    int k = 0;
    for (double[][] m : ms) {
      for (double[] row : m) {
        System.arraycopy(row, 0, flat, k, row.length);
        k += row.length;
      }
    }
    return flat;
  }

  /** The k-th entry in the layout of {@link #flatten}. */
  public static double get(int k, double[][]... ms) {
    for (double[][] m : ms) {
      for (double[] row : m) {
        if (k < row.length) {
          return row[k];
        }
        k -= row.length;
      }
    }
    throw new IndexOutOfBoundsException(k);
  }

  /** Sets the k-th entry in the layout of {@link #flatten}. */
  public static void set(int k, double value, double[][]... ms) {
    for (double[][] m : ms) {
      for (double[] row : m) {
        if (k < row.length) {
          row[k] = value;
          return;
        }
        k -= row.length;
      }
    }
    throw new IndexOutOfBoundsException(k);
  }

  /** The largest magnitude of an entry. */
  public static double largest(double[][] m) {
    double out = 0;
    for (double[] row : m) {
      for (double v : row) {
        out = Math.max(out, Math.abs(v));
      }
    }
    return out;
  }

  /**
   * Fails with {@code what[i][j] = actual, expected e} at the first entry off by more than
   * {@code tolerance} (or NaN).
   */
  public static void requireClose(String what, double[][] actual, double[][] expected,
      double tolerance) {
    for (int i = 0; i < expected.length; i++) {
      for (int j = 0; j < expected[i].length; j++) {
        if (!(Math.abs(actual[i][j] - expected[i][j]) <= tolerance)) {
          throw new AssertionError(what + "[" + i + "][" + j + "] = " + actual[i][j]
              + ", expected " + expected[i][j]);
        }
      }
    }
  }
}
