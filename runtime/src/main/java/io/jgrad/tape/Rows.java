package io.jgrad.tape;

/**
 * Rows that generated loops read once before they start ({@code double[] hBarI = Rows.at(hBar,
 * i)}) instead of at every element ({@code hBar[i][j]}): the JIT then keeps the row in a register
 * and can vectorise the loop.
 *
 * <p>Reading the row before the loop must not throw where the loop would not (it may run no
 * iteration), yet every element access must throw what it threw before. So a null array gives
 * null (an element access then throws {@link NullPointerException}, as {@code a[i][j]} did) and an
 * index out of range gives an empty row (an element access then throws
 * {@link ArrayIndexOutOfBoundsException}, as {@code a[i][j]} did, though its message names the
 * element's index).
 */
public final class Rows {
  private static final double[] NO_DOUBLES = new double[0];
  private static final float[] NO_FLOATS = new float[0];
  private static final double[][] NO_DOUBLE_ROWS = new double[0][];
  private static final float[][] NO_FLOAT_ROWS = new float[0][];

  private Rows() {}

  /** {@code a[i]}: null if {@code a} is, an empty row if {@code i} is out of range. */
  public static double[] at(double[][] a, int i) {
    return a == null ? null : 0 <= i && i < a.length ? a[i] : NO_DOUBLES;
  }

  /** {@code a[i]}: null if {@code a} is, an empty row if {@code i} is out of range. */
  public static float[] at(float[][] a, int i) {
    return a == null ? null : 0 <= i && i < a.length ? a[i] : NO_FLOATS;
  }

  /** {@code a[i][j]}: null if {@code a} or {@code a[i]} is, an empty row if out of range. */
  public static double[] at(double[][][] a, int i, int j) {
    double[][] matrix = a == null ? null : 0 <= i && i < a.length ? a[i] : NO_DOUBLE_ROWS;
    return matrix == null ? null : 0 <= j && j < matrix.length ? matrix[j] : NO_DOUBLES;
  }

  /** {@code a[i][j]}: null if {@code a} or {@code a[i]} is, an empty row if out of range. */
  public static float[] at(float[][][] a, int i, int j) {
    float[][] matrix = a == null ? null : 0 <= i && i < a.length ? a[i] : NO_FLOAT_ROWS;
    return matrix == null ? null : 0 <= j && j < matrix.length ? matrix[j] : NO_FLOATS;
  }
}
