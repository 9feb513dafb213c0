package io.jgrad;

/**
 * Tangents of several directions at once, as the generated {@code fDirections} rules take and
 * return them: the direction is the last index ({@code double[length][directions]} for a
 * {@code double[]}), so a matrix's tangent rows are arrays of the same shape as its rows. Used by
 * generated code; also handy for building the direction arguments.
 */
public final class Directions {
  private Directions() {}

  /** Zero tangents of {@code directions} directions for an array (null for null). */
  public static double[][] zerosLike(double[] a, int directions) {
    return a == null ? null : new double[a.length][directions];
  }

  public static double[][] zerosLike(float[] a, int directions) {
    return a == null ? null : new double[a.length][directions];
  }

  /** Zero tangents for a matrix, row by row (null rows stay null). */
  public static double[][][] zerosLike(double[][] a, int directions) {
    if (a == null) {
      return null;
    }
    double[][][] z = new double[a.length][][];
    for (int i = 0; i < a.length; i++) {
      z[i] = zerosLike(a[i], directions);
    }
    return z;
  }

  public static double[][][] zerosLike(float[][] a, int directions) {
    if (a == null) {
      return null;
    }
    double[][][] z = new double[a.length][][];
    for (int i = 0; i < a.length; i++) {
      z[i] = zerosLike(a[i], directions);
    }
    return z;
  }

  public static double[][][][] zerosLike(double[][][] a, int directions) {
    if (a == null) {
      return null;
    }
    double[][][][] z = new double[a.length][][][];
    for (int i = 0; i < a.length; i++) {
      z[i] = zerosLike(a[i], directions);
    }
    return z;
  }

  public static double[][][][] zerosLike(float[][][] a, int directions) {
    if (a == null) {
      return null;
    }
    double[][][][] z = new double[a.length][][][];
    for (int i = 0; i < a.length; i++) {
      z[i] = zerosLike(a[i], directions);
    }
    return z;
  }

  /**
   * Copies the first {@code directions} tangents of each element of an array result into the
   * caller's buffer, which must have one row per element.
   *
   * @throws IllegalArgumentException if the buffer has another number of rows
   */
  public static void copyInto(double[][] tangents, double[][] out, int directions) {
    if (tangents == null) {
      return; // a null result has no derivative
    }
    if (out == null || out.length != tangents.length) {
      throw new IllegalArgumentException("the result has " + tangents.length
          + " elements, the buffer for its derivatives "
          + (out == null ? "is null" : out.length + " rows"));
    }
    for (int i = 0; i < tangents.length; i++) {
      System.arraycopy(tangents[i], 0, out[i], 0, directions);
    }
  }

  /** As {@link #copyInto(double[][], double[][], int)}, for a matrix result, row by row. */
  public static void copyInto(double[][][] tangents, double[][][] out, int directions) {
    if (tangents == null) {
      return;
    }
    if (out == null || out.length != tangents.length) {
      throw new IllegalArgumentException("the result has " + tangents.length
          + " rows, the buffer for its derivatives "
          + (out == null ? "is null" : out.length + " rows"));
    }
    for (int i = 0; i < tangents.length; i++) {
      if (tangents[i] == null) {
        continue;
      }
      if (out[i] == null || out[i].length != tangents[i].length) {
        out[i] = new double[tangents[i].length][directions];
      }
      copyInto(tangents[i], out[i], directions);
    }
  }

  /**
   * Sets the tangents of a scalar parameter for the Jacobian columns {@code first} to {@code
   * first + dots.length - 1}: 1 in the direction that is the parameter's own column (at {@code
   * offset}), 0 elsewhere. Returns the offset of the next parameter.
   */
  public static int seed(double[] dots, int first, int offset) {
    java.util.Arrays.fill(dots, 0.0);
    int lane = offset - first;
    if (lane >= 0 && lane < dots.length) {
      dots[lane] = 1.0;
    }
    return offset + 1;
  }

  /** As {@link #seed(double[], int, int)}, for an array's elements (columns from offset). */
  public static int seed(double[][] dots, int first, int offset) {
    if (dots == null) {
      return offset;
    }
    for (double[] element : dots) {
      offset = seed(element, first, offset);
    }
    return offset;
  }

  public static int seed(double[][][] dots, int first, int offset) {
    if (dots == null) {
      return offset;
    }
    for (double[][] row : dots) {
      offset = seed(row, first, offset);
    }
    return offset;
  }

  public static int seed(double[][][][] dots, int first, int offset) {
    if (dots == null) {
      return offset;
    }
    for (double[][][] m : dots) {
      offset = seed(m, first, offset);
    }
    return offset;
  }

  /**
   * Puts the products of one sweep of Hessian columns into the rows of {@code matrix} from
   * {@code at}, one row per element of an array parameter: row {@code at + e} gets {@code
   * lanes[e][k]} at column {@code first + k}. Where the sweep covers every column ({@code first}
   * 0, {@code columns} lanes) the element's lanes are the row itself; otherwise they are copied
   * into it (allocated on first use). Returns the row after the last.
   */
  public static int putRows(double[][] matrix, int at, double[][] lanes, int first,
      int columns) {
    if (lanes == null) {
      return at;
    }
    for (double[] element : lanes) {
      putRow(matrix, at++, element, first, columns);
    }
    return at;
  }

  /** As {@link #putRows(double[][], int, double[][], int, int)}, for a matrix, row after row. */
  public static int putRows(double[][] matrix, int at, double[][][] lanes, int first,
      int columns) {
    if (lanes == null) {
      return at;
    }
    for (double[][] r : lanes) {
      at = putRows(matrix, at, r, first, columns);
    }
    return at;
  }

  public static int putRows(double[][] matrix, int at, double[][][][] lanes, int first,
      int columns) {
    if (lanes == null) {
      return at;
    }
    for (double[][][] m : lanes) {
      at = putRows(matrix, at, m, first, columns);
    }
    return at;
  }

  /** One row of {@link #putRows}: a number parameter's products, {@code lanes[k]}. */
  public static int putRow(double[][] matrix, int at, double[] lanes, int first, int columns) {
    if (first == 0 && lanes.length == columns) {
      matrix[at] = lanes;
    } else {
      if (matrix[at] == null) {
        matrix[at] = new double[columns];
      }
      System.arraycopy(lanes, 0, matrix[at], first, lanes.length);
    }
    return at + 1;
  }
}
