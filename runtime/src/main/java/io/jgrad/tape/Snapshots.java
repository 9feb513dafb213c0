package io.jgrad.tape;

/**
 * Copies of array contents that reverse-mode rules take and put back, and zero-filled shadows of
 * the same shape. A {@code double[][]} is copied row by row (its rows are what gets written).
 * A null array (an optional argument left out) is copied, restored and shadowed as null.
 */
public final class Snapshots {
  private Snapshots() {}

  public static double[] copy(double[] a) {
    return a == null ? null : a.clone();
  }

  public static double[][] copy(double[][] a) {
    if (a == null) {
      return null;
    }
    double[][] c = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      c[i] = a[i] == null ? null : a[i].clone();
    }
    return c;
  }

  /** A deep copy of a three-dimensional array, matrix by matrix. */
  public static double[][][] copy(double[][][] a) {
    if (a == null) {
      return null;
    }
    double[][][] c = new double[a.length][][];
    for (int i = 0; i < a.length; i++) {
      c[i] = copy(a[i]);
    }
    return c;
  }

  public static float[] copy(float[] a) {
    return a == null ? null : a.clone();
  }

  /** A deep copy of a three-dimensional float array (a float[][] goes through copy(T[])). */
  public static float[][][] copy(float[][][] a) {
    if (a == null) {
      return null;
    }
    float[][][] c = new float[a.length][][];
    for (int i = 0; i < a.length; i++) {
      c[i] = copy(a[i]);
    }
    return c;
  }

  public static int[] copy(int[] a) {
    return a == null ? null : a.clone();
  }

  public static long[] copy(long[] a) {
    return a == null ? null : a.clone();
  }

  public static boolean[] copy(boolean[] a) {
    return a == null ? null : a.clone();
  }

  public static String[] copy(String[] a) {
    return a == null ? null : a.clone();
  }

  /** A copy of a matrix of data (int, long, boolean): row by row, like a {@code double[][]}. */
  public static <T> T[] copy(T[] a) {
    if (a == null) {
      return null;
    }
    T[] c = a.clone();
    for (int i = 0; i < a.length; i++) {
      c[i] = a[i] == null ? null : cloneRow(a[i]);
    }
    return c;
  }

  @SuppressWarnings("unchecked")
  private static <T> T cloneRow(T row) {
    if (row instanceof int[] r) {
      return (T) r.clone();
    }
    if (row instanceof long[] r) {
      return (T) r.clone();
    }
    if (row instanceof boolean[] r) {
      return (T) r.clone();
    }
    if (row instanceof double[] r) {
      return (T) r.clone();
    }
    if (row instanceof String[] r) {
      return (T) r.clone();
    }
    if (row instanceof float[] r) {
      return (T) r.clone();
    }
    if (!row.getClass().isArray()) {
      // a record, String or object: the copy shares it (rules never change the objects of a
      // @Grad method's arguments)
      return row;
    }
    throw new IllegalArgumentException("not a row of data: " + row.getClass());
  }

  public static void restore(float[] target, float[] saved) {
    if (saved != null) {
      System.arraycopy(saved, 0, target, 0, saved.length);
    }
  }

  public static void restore(float[][][] target, float[][][] saved) {
    if (saved == null) {
      return;
    }
    for (int i = 0; i < saved.length; i++) {
      if (saved[i] != null) {
        restore(target[i], saved[i]);
      }
    }
  }

  public static void restore(int[] target, int[] saved) {
    if (saved == null) {
      return;
    }
    System.arraycopy(saved, 0, target, 0, saved.length);
  }

  public static void restore(long[] target, long[] saved) {
    if (saved == null) {
      return;
    }
    System.arraycopy(saved, 0, target, 0, saved.length);
  }

  public static void restore(boolean[] target, boolean[] saved) {
    if (saved == null) {
      return;
    }
    System.arraycopy(saved, 0, target, 0, saved.length);
  }

  public static void restore(String[] target, String[] saved) {
    if (saved == null) {
      return;
    }
    System.arraycopy(saved, 0, target, 0, saved.length);
  }

  /** Puts the contents of rows copied by {@link #copy(Object[])} back, row by row. */
  public static <T> void restore(T[] target, T[] saved) {
    if (saved == null) {
      return;
    }
    boolean values = !saved.getClass().getComponentType().isArray();
    for (int i = 0; i < saved.length; i++) {
      if (values) {
        // an array of records or objects: put the element back (an object's fields are put
        // back by the rules themselves)
        target[i] = saved[i];
      } else if (saved[i] != null) {
        System.arraycopy(saved[i], 0, target[i], 0, java.lang.reflect.Array.getLength(saved[i]));
      }
    }
  }

  /** Puts the contents of {@code saved} back into {@code target}. */
  public static void restore(double[] target, double[] saved) {
    if (saved == null) {
      return;
    }
    System.arraycopy(saved, 0, target, 0, saved.length);
  }

  public static void restore(double[][] target, double[][] saved) {
    if (saved == null) {
      return;
    }
    for (int i = 0; i < saved.length; i++) {
      if (saved[i] != null) {
        System.arraycopy(saved[i], 0, target[i], 0, saved[i].length);
      }
    }
  }

  public static void restore(double[][][] target, double[][][] saved) {
    if (saved == null) {
      return;
    }
    for (int i = 0; i < saved.length; i++) {
      if (saved[i] != null) {
        restore(target[i], saved[i]);
      }
    }
  }

  /** A zero array of the same length. */
  public static double[] zerosLike(double[] a) {
    return a == null ? null : new double[a.length];
  }

  /** The tangent or adjoint of a float array: a zero double array of the same length. */
  public static double[] zerosLike(float[] a) {
    return a == null ? null : new double[a.length];
  }

  /** A zero double matrix shaped like a float matrix (null rows stay null). */
  public static double[][] zerosLike(float[][] a) {
    if (a == null) {
      return null;
    }
    double[][] z = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      z[i] = zerosLike(a[i]);
    }
    return z;
  }

  /** Zero double matrices shaped like a three-dimensional float array. */
  public static double[][][] zerosLike(float[][][] a) {
    if (a == null) {
      return null;
    }
    double[][][] z = new double[a.length][][];
    for (int i = 0; i < a.length; i++) {
      z[i] = zerosLike(a[i]);
    }
    return z;
  }

  /** Zero rows of the same lengths (null rows stay null). */
  public static double[][] zerosLike(double[][] a) {
    if (a == null) {
      return null;
    }
    double[][] z = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      z[i] = a[i] == null ? null : new double[a[i].length];
    }
    return z;
  }

  /** Zero matrices of the same shapes (null matrices and rows stay null). */
  public static double[][][] zerosLike(double[][][] a) {
    if (a == null) {
      return null;
    }
    double[][][] z = new double[a.length][][];
    for (int i = 0; i < a.length; i++) {
      z[i] = zerosLike(a[i]);
    }
    return z;
  }

  /**
   * The sum of {@code a[i] * b[i]} (0 if either is null), the terms whose {@code a[i]} is 0
   * counting 0 even where {@code b[i]} is not finite: rules of rules read it, {@code a} a
   * tangent and {@code b} a Hessian times a direction.
   */
  public static double dot(double[] a, double[] b) {
    double sum = 0.0;
    if (a != null && b != null) {
      for (int i = 0; i < a.length; i++) {
        sum += times(a[i], b[i]);
      }
    }
    return sum;
  }

  /** {@code a * b}, but 0 where {@code a} is 0 (a zero tangent times anything). */
  public static double times(double a, double b) {
    return a == 0.0 ? 0.0 : a * b;
  }

  /** True if {@code a} is null or all zeros. */
  public static boolean isZero(double[] a) {
    if (a != null) {
      for (double v : a) {
        if (v != 0.0) {
          return false;
        }
      }
    }
    return true;
  }

  /** True if {@code a} is null or all zeros, row by row (null rows count as zeros). */
  public static boolean isZero(double[][] a) {
    if (a != null) {
      for (double[] row : a) {
        if (!isZero(row)) {
          return false;
        }
      }
    }
    return true;
  }

  /** The sum of {@code a[i][j] * b[i][j]}, row by row (null rows count 0). */
  public static double dot(double[][] a, double[][] b) {
    double sum = 0.0;
    if (a != null && b != null) {
      for (int i = 0; i < a.length; i++) {
        sum += dot(a[i], b[i]);
      }
    }
    return sum;
  }

  /** {@code target[i] += source[i]}. */
  public static void addTo(double[] target, double[] source) {
    if (source == null) {
      return;
    }
    for (int i = 0; i < source.length; i++) {
      target[i] += source[i];
    }
  }

  /** {@code target[i][j] += source[i][j]}, row by row (null rows skipped). */
  public static void addTo(double[][] target, double[][] source) {
    if (source == null) {
      return;
    }
    for (int i = 0; i < source.length; i++) {
      if (source[i] != null) {
        addTo(target[i], source[i]);
      }
    }
  }

  /** {@code target[i][j][k] += source[i][j][k]}, matrix by matrix (nulls skipped). */
  public static void addTo(double[][][] target, double[][][] source) {
    if (source == null) {
      return;
    }
    for (int i = 0; i < source.length; i++) {
      if (source[i] != null) {
        addTo(target[i], source[i]);
      }
    }
  }

  /** Sets every element to zero, in place (nothing if null): clears an adjoint buffer. */
  public static void clear(double[] a) {
    if (a != null) {
      java.util.Arrays.fill(a, 0.0);
    }
  }

  /** Sets every element of every row to zero, in place (null rows skipped). */
  public static void clear(double[][] a) {
    if (a != null) {
      for (double[] row : a) {
        clear(row);
      }
    }
  }

  /** Sets every element of every matrix to zero, in place (nulls skipped). */
  public static void clear(double[][][] a) {
    if (a != null) {
      for (double[][] matrix : a) {
        clear(matrix);
      }
    }
  }

  /** The row references of a matrix, not their contents. */
  public static double[][] rows(double[][] a) {
    return a == null ? null : a.clone();
  }

  /** The row references of a matrix of data. */
  public static <T> T[] rows(T[] a) {
    return a == null ? null : a.clone();
  }

  /** Puts row references taken by {@link #rows(Object[])} back in place. */
  public static <T> void restoreRows(T[] target, T[] rows) {
    if (rows == null) {
      return;
    }
    System.arraycopy(rows, 0, target, 0, rows.length);
  }

  /** Puts row references taken by {@link #rows} back in place. */
  public static void restoreRows(double[][] target, double[][] rows) {
    if (rows == null) {
      return;
    }
    System.arraycopy(rows, 0, target, 0, rows.length);
  }

  /**
   * For a method that moved rows of matrices around, first step of turning positional output
   * cotangents into cotangents of the row objects now in place: clears the rows the caller passed
   * ({@code entryRows}), whose cotangents were saved. Done for every such matrix before {@link
   * #addPositional} for any: a row may have moved from one matrix to another.
   */
  public static void clearRows(double[][] entryRows) {
    if (entryRows == null) {
      return;
    }
    for (double[] row : entryRows) {
      if (row != null) {
        java.util.Arrays.fill(row, 0.0);
      }
    }
  }

  /**
   * Second step after {@link #clearRows}: adds {@code saved[r]} (the cotangent of final row
   * {@code r}) into whatever row {@code bar[r]} now is.
   */
  public static void addPositional(double[][] bar, double[][] saved) {
    if (bar == null) {
      return;
    }
    for (int r = 0; r < saved.length; r++) {
      if (saved[r] != null && bar[r] != null) {
        addTo(bar[r], saved[r]);
      }
    }
  }

  /** {@link #requireNotRow(double[], double[][], String)} for float arrays. */
  public static void requireNotRow(float[] vector, float[][] matrix, String names) {
    if (vector != null && matrix != null) {
      for (float[] row : matrix) {
        if (row == vector) {
          throw new IllegalArgumentException("jgrad: " + names + " share memory (one is a row"
              + " of the other), and the method writes to it; derivatives through aliased"
              + " arguments are not supported. Pass a copy");
        }
      }
    }
  }

  /** Throws if a vector argument is a row of a matrix argument the method writes (or v.v.). */
  public static void requireNotRow(double[] vector, double[][] matrix, String names) {
    if (vector == null || matrix == null) {
      return;
    }
    for (double[] row : matrix) {
      if (row == vector && row != null) {
        throw new IllegalArgumentException("jgrad: " + names + " share memory (one is a row of"
            + " the other), and the method writes to it; derivatives through aliased arguments"
            + " are not supported. Pass a copy");
      }
    }
  }

  /** Throws if a method that writes its array or object arguments was given one twice. */
  public static void requireDistinct(Object a, Object b, String names) {
    if (a == b && a != null) {
      throw new IllegalArgumentException("jgrad: " + names + " are the same "
          + (a.getClass().isArray() ? "array" : "object") + ", and the method writes to it;"
          + " derivatives through aliased arguments are not supported. Pass a copy");
    }
  }
}
