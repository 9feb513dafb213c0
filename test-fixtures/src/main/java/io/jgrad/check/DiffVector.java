package io.jgrad.check;

/**
 * One number per differentiable input entry: a tangent direction, a gradient or a set of adjoint
 * buffers. {@code scalars[k]} belongs to the k-th scalar differentiable parameter and
 * {@code arrays[j]} to the j-th leaf of the point's {@link Layout} (for unaliased
 * {@code double[]} parameters: the j-th one; a {@code double[][]} contributes one leaf per row, a
 * {@code double[][][]} one per row of each sub-matrix, a record its flattened entries, a record
 * array one leaf per non-null element), matching the order of {@code scalarBars}.
 */
final class DiffVector {
  final double[] scalars;
  final double[][] arrays;

  DiffVector(double[] scalars, double[][] arrays) {
    this.scalars = scalars;
    this.arrays = arrays;
  }

  DiffVector copy() {
    double[][] arraysCopy = new double[arrays.length][];
    for (int j = 0; j < arrays.length; j++) {
      arraysCopy[j] = arrays[j].clone();
    }
    return new DiffVector(scalars.clone(), arraysCopy);
  }

  /** Returns the inner product with {@code other}, which has the same shape. */
  double dot(DiffVector other) {
    double sum = 0;
    for (int k = 0; k < scalars.length; k++) {
      sum += scalars[k] * other.scalars[k];
    }
    for (int j = 0; j < arrays.length; j++) {
      for (int i = 0; i < arrays[j].length; i++) {
        sum += arrays[j][i] * other.arrays[j][i];
      }
    }
    return sum;
  }

  /** Returns the sum of the absolute values of the terms of {@link #dot}: a scale for its error. */
  double dotMagnitude(DiffVector other) {
    double sum = 0;
    for (int k = 0; k < scalars.length; k++) {
      sum += Math.abs(scalars[k] * other.scalars[k]);
    }
    for (int j = 0; j < arrays.length; j++) {
      for (int i = 0; i < arrays[j].length; i++) {
        sum += Math.abs(arrays[j][i] * other.arrays[j][i]);
      }
    }
    return sum;
  }

  /** Returns {@code this + factor * other} as a new vector. */
  DiffVector plusScaled(double factor, DiffVector other) {
    DiffVector result = copy();
    for (int k = 0; k < scalars.length; k++) {
      result.scalars[k] += factor * other.scalars[k];
    }
    for (int j = 0; j < arrays.length; j++) {
      for (int i = 0; i < arrays[j].length; i++) {
        result.arrays[j][i] += factor * other.arrays[j][i];
      }
    }
    return result;
  }

  /** Returns the largest absolute entry, or 0 for an empty vector; NaN if any entry is NaN. */
  double maxAbs() {
    double max = 0;
    for (double v : scalars) {
      max = maxAbs(max, v);
    }
    for (double[] array : arrays) {
      for (double v : array) {
        max = maxAbs(max, v);
      }
    }
    return max;
  }

  /** Returns the largest absolute entry of {@code this - other}; NaN if any entry is NaN. */
  double maxAbsDifference(DiffVector other) {
    double max = 0;
    for (int k = 0; k < scalars.length; k++) {
      max = maxAbs(max, scalars[k] - other.scalars[k]);
    }
    for (int j = 0; j < arrays.length; j++) {
      for (int i = 0; i < arrays[j].length; i++) {
        max = maxAbs(max, arrays[j][i] - other.arrays[j][i]);
      }
    }
    return max;
  }

  private static double maxAbs(double max, double v) {
    return Double.isNaN(v) || Double.isNaN(max) ? Double.NaN : Math.max(max, Math.abs(v));
  }
}
