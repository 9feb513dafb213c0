package io.jgrad.corpus.arrays;

import io.jgrad.Grad;
import java.util.Arrays;

/**
 * The array library calls jgrad supports: {@code clone()} (of a {@code double[]}, and the shallow
 * clone of a {@code double[][]} whose rows stay shared), {@code System.arraycopy} (between arrays
 * and overlapping within one array, both directions), {@code Arrays.fill} (whole and a range),
 * {@code Arrays.copyOf} (growing and truncating), {@code Arrays.copyOfRange}, and enhanced
 * {@code for} over parameters, including one whose array is written while it is iterated.
 */
public final class Library {
  private Library() {}

  /** y = x.clone(), y overwritten; x itself is untouched. */
  @Grad
  public static double cloneThenWrite(double[] x) {
    double[] y = x.clone();
    for (int i = 0; i < y.length; i++) {
      y[i] = y[i] * y[i] + 1.0;
    }
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * y[i];
    }
    return s;
  }

  /**
   * {@code a.clone()} of a {@code double[][]} is shallow: writing b[0][0] writes a[0][0] too,
   * while replacing the row b[1] leaves a alone.
   */
  @Grad
  public static double shallowMatrixClone(double[][] a) {
    double[][] b = a.clone();
    b[0][0] = 3.0 * b[0][0] + b[1][1];
    b[1] = new double[a[1].length];
    b[1][0] = a[1][0] * a[0][0];
    return a[0][0] * a[1][1] + b[1][0] + b[0][1];
  }

  /** Overlapping System.arraycopy within one array: shift right by one, then refill x[0]. */
  @Grad
  public static double arraycopyShiftRight(double[] x) {
    double last = x[x.length - 1];
    System.arraycopy(x, 0, x, 1, x.length - 1);
    x[0] = Math.sin(last);
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += (i + 1) * x[i] * x[i];
    }
    return s;
  }

  /** Overlapping System.arraycopy within one array: shift left by two, fill the tail. */
  @Grad
  public static double arraycopyShiftLeft(double[] x, double c) {
    double first = x[0];
    System.arraycopy(x, 2, x, 0, x.length - 2);
    x[x.length - 2] = c * first;
    x[x.length - 1] = c * c;
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += Math.cos(x[i]) * (i + 1);
    }
    return s;
  }

  /** System.arraycopy from x into the middle of y (a written parameter), and into a local. */
  @Grad
  public static double arraycopyBetweenArrays(double[] x, double[] y) {
    System.arraycopy(x, 1, y, 2, 3);
    double[] local = new double[x.length + 2];
    System.arraycopy(y, 0, local, 1, y.length);
    double s = 0.0;
    for (int i = 0; i < local.length; i++) {
      s += local[i] * local[i] * (i + 1);
    }
    return s + x[0] * y[0];
  }

  /** Arrays.fill on a local (with a computed value) and on a range of the parameter. */
  @Grad
  public static double fillAndAccumulate(double[] x, double c) {
    double[] buf = new double[x.length];
    Arrays.fill(buf, c * c);
    for (int i = 0; i < x.length; i++) {
      buf[i] += x[i] * buf[(i + 1) % buf.length];
    }
    Arrays.fill(x, 1, 3, Math.exp(c));
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += buf[i] * x[i];
    }
    return s;
  }

  /** Arrays.copyOf growing (zero padded) and truncating. */
  @Grad
  public static double copyOfGrowAndTruncate(double[] x) {
    double[] longer = Arrays.copyOf(x, x.length + 2);
    longer[x.length] = longer[0] * longer[1];
    longer[x.length + 1] = Math.sin(longer[x.length]);
    double[] shorter = Arrays.copyOf(longer, 3);
    double s = 0.0;
    for (int i = 0; i < longer.length; i++) {
      s += longer[i] * longer[i];
    }
    return s * shorter[2] + shorter[0];
  }

  /** Sliding windows of three made with Arrays.copyOfRange; products of each window. */
  @Grad
  public static double copyOfRangeWindows(double[] x) {
    double s = 0.0;
    for (int i = 0; i + 3 <= x.length; i++) {
      double[] window = Arrays.copyOfRange(x, i, i + 3);
      window[1] *= 2.0;
      s += window[0] * window[1] * window[2];
    }
    return s;
  }

  /** Enhanced {@code for} over a {@code double[]} and a {@code double[][]} parameter (reads). */
  @Grad
  public static double enhancedForParameters(double[] x, double[][] m) {
    double s = 0.0;
    for (double v : x) {
      s += Math.exp(-v * v);
    }
    for (double[] row : m) {
      double r = 0.0;
      for (double v : row) {
        r += v * row[0];
      }
      s += Math.tanh(r);
    }
    return s;
  }

  /**
   * Enhanced {@code for} over x while writing x: each v is read when its turn comes, so it sees
   * the writes of earlier iterations (x[i + 1] += 0.5 * v), as the equivalent indexed loop does.
   */
  @Grad
  public static double writeWhileIterating(double[] x) {
    int i = 0;
    double s = 0.0;
    for (double v : x) {
      x[(i + 1) % x.length] += 0.5 * v * v;
      s += v;
      i++;
    }
    return s + x[0];
  }

  /** Arrays.copyOf of a row of a {@code double[][]} parameter, and Arrays.fill of another row. */
  @Grad
  public static double copyAndFillRows(double[][] a, double c) {
    double[] r = Arrays.copyOf(a[1], a[1].length);
    r[0] *= 3.0;
    Arrays.fill(a[0], c * r[0]);
    double s = 0.0;
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[i].length; j++) {
        s += a[i][j] * r[j % r.length];
      }
    }
    return s;
  }
}
