package io.jgrad.check.fakes;

/**
 * A plain class used as data: a sparse matrix in compressed sparse row form. Its instance fields
 * are its components, in declaration order: {@code rowPtr} and {@code colIdx} (data), {@code
 * values} and {@code scale} (differentiable); the static field is not a component. Its tangent
 * class is {@code Csr_Tangent}.
 */
public final class Csr {
  static final String FORMAT = "csr";

  private final int[] rowPtr;
  private final int[] colIdx;
  final double[] values;
  final double scale;

  public Csr(int[] rowPtr, int[] colIdx, double[] values, double scale) {
    if (rowPtr[rowPtr.length - 1] != values.length) {
      throw new IllegalArgumentException("rowPtr does not end at values.length");
    }
    this.rowPtr = rowPtr;
    this.colIdx = colIdx;
    this.values = values;
    this.scale = scale;
  }

  public double[] values() {
    return values;
  }

  public double scale() {
    return scale;
  }

  public int rows() {
    return rowPtr.length - 1;
  }

  int from(int row) {
    return rowPtr[row];
  }

  int to(int row) {
    return rowPtr[row + 1];
  }

  public int column(int k) {
    return colIdx[k];
  }
}
