package io.jgrad.corpus;

import io.jgrad.Grad;
import java.util.Arrays;

/**
 * Arrays of data next to the differentiated ones (issue 9, item 6): {@code int[]}, {@code long[]},
 * {@code boolean[]} and {@code int[][]} parameters and locals, read as indices, counts, labels and
 * masks, written, allocated, filled, cloned and iterated; no derivative flows through them.
 */
public final class DataArrays {
  private DataArrays() {}

  /** ||A x||^2 for A in compressed sparse row form. */
  @Grad
  public static double csrNormSquared(double[] values, int[] rowPtr, int[] colIdx, double[] x) {
    double s = 0.0;
    for (int i = 0; i + 1 < rowPtr.length; i++) {
      double row = 0.0;
      for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
        row += values[k] * x[colIdx[k]];
      }
      s += row * row;
    }
    return s;
  }

  /** Softmax cross-entropy of a batch with integer labels, through a helper taking an int. */
  @Grad
  public static double crossEntropy(double[][] logits, int[] labels) {
    double loss = 0.0;
    for (int i = 0; i < labels.length; i++) {
      loss += logSumExp(logits[i]) - logits[i][labels[i]];
    }
    return loss / labels.length;
  }

  private static double logSumExp(double[] z) {
    double max = z[0];
    for (double v : z) {
      max = Math.max(max, v);
    }
    double s = 0.0;
    for (double v : z) {
      s += Math.exp(v - max);
    }
    return max + Math.log(s);
  }

  /** A histogram in a local int[], a boolean[] mask, a long[] counter, fill, clone, for-each. */
  @Grad
  public static double histogramWeighted(double[] x, int shift) {
    int[] bins = new int[4];
    boolean[] positive = new boolean[x.length];
    long[] total = {0L, 1L};
    for (int i = 0; i < x.length; i++) {
      int b = Math.floorMod((int) Math.floor(x[i] * 2.0), 4);
      bins[b]++;
      positive[i] = x[i] > 0;
      total[0] += b;
    }
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      if (positive[i]) {
        s += x[i] * bins[Math.floorMod(i, 4)] + 0.01 * total[0];
      }
      bins[Math.floorMod(i + shift, 4)] = i;
    }
    int[] before = bins.clone();
    Arrays.fill(bins, 1);
    for (int c : before) {
      s += c * x[0] * x[0] + bins[0];
    }
    return s;
  }

  /** A masked, counted sum: boolean[] and long[] parameters. */
  @Grad
  public static double maskedSum(double[] x, boolean[] mask, long[] counts) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      if (mask[i]) {
        s += counts[i] * Math.sin(x[i]);
      }
    }
    return s;
  }

  /** A neighbour list built in a local int[][] and used to index the positions. */
  @Grad
  public static double pairEnergy(double[] pos, double cutoff) {
    int n = pos.length;
    int[][] neighbours = new int[n][];
    int[] count = new int[n];
    for (int i = 0; i < n; i++) {
      int[] list = new int[n];
      for (int j = 0; j < n; j++) {
        if (j != i && Math.abs(pos[i] - pos[j]) < cutoff) {
          list[count[i]++] = j;
        }
      }
      neighbours[i] = Arrays.copyOf(list, count[i]);
    }
    double e = 0.0;
    for (int i = 0; i < n; i++) {
      for (int j : neighbours[i]) {
        double r = pos[i] - pos[j];
        e += 1.0 / (1.0 + r * r);
      }
    }
    return e;
  }

  /**
   * Writes its int[] argument: an insertion sort of indices by the values, then a weighted sum
   * by rank. The rules leave {@code order} as the primal does.
   */
  @Grad
  public static double rankWeighted(double[] x, int[] order) {
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    for (int i = 1; i < order.length; i++) {
      int k = order[i];
      int j = i - 1;
      while (j >= 0 && x[order[j]] > x[k]) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = k;
    }
    double s = 0.0;
    for (int r = 0; r < order.length; r++) {
      s += (r + 1) * x[order[r]] * x[order[r]];
    }
    return s;
  }

  /** A passive helper reading an int[] and a double[]: the nearest grid point's index. */
  @Grad
  public static double nearestGridValue(double[] grid, int[] ids, double t) {
    int k = HelperLibrary.nearest(grid, t);
    return (t - grid[k]) * (t - grid[k]) * ids[k];
  }

  /**
   * Counts visits in an int[] it is passed and scales by them: an array result, so fJacobian
   * calls the rules once per row or column, each time on the counts as they were on entry.
   */
  @Grad
  public static double[] countedScale(double[] x, int[] visits) {
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      visits[i]++;
      y[i] = x[i] * visits[i] + Math.sin(x[(i + 1) % x.length]);
    }
    return y;
  }

  /**
   * Writes a matrix next to an int[] of row indices: an int[] is never a row of a double[][], so
   * the rules need (and compile) no aliasing check between them (seed 601, program 68).
   */
  @Grad
  public static double scaleRowsInOrder(double[][] m, int[] order, double s) {
    double total = 0.0;
    for (int k = 0; k < order.length; k++) {
      double[] row = m[order[k]];
      for (int j = 0; j < row.length; j++) {
        row[j] *= s;
        total += row[j] * row[j];
      }
      s += 0.5;
    }
    return total;
  }

  /**
   * float[] and float[][] inputs (random normals, fixed inputs) next to data arrays: they are
   * differentiated like double arrays (their adjoints are double arrays), see FloatArrays.
   */
  @Grad
  public static double floatData(double[] x, float[] normals, float[][] inputs) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * normals[i % normals.length] + Math.sin(x[i] * inputs[i % inputs.length][0]);
    }
    float scale = normals[0];
    return s * scale;
  }
}
