package io.jgrad;

/**
 * Small helpers the generated {@code ...Jacobian} methods use to lay the differentiable inputs
 * out as Jacobian columns: scalars one column each, a {@code double[]} its elements, a
 * {@code double[][]} its rows one after the other, a {@code double[][][]} its matrices' rows in
 * turn. A null array (an optional argument left out) takes no columns.
 */
public final class Jacobians {
  private Jacobians() {}

  /** The number of columns a vector parameter takes. */
  public static int size(double[] a) {
    return a == null ? 0 : a.length;
  }

  /** The number of columns a matrix parameter takes. */
  public static int size(double[][] a) {
    int n = 0;
    if (a != null) {
      for (double[] row : a) {
        n += size(row);
      }
    }
    return n;
  }

  /** The number of columns a three-dimensional parameter takes: its rows, one after another. */
  public static int size(double[][][] a) {
    int n = 0;
    if (a != null) {
      for (double[][] m : a) {
        n += size(m);
      }
    }
    return n;
  }

  /** The columns a float vector takes (its tangent is a double[] of its length). */
  public static int size(float[] a) {
    return a == null ? 0 : a.length;
  }

  /** The columns a float matrix takes. */
  public static int size(float[][] a) {
    int n = 0;
    if (a != null) {
      for (float[] row : a) {
        n += size(row);
      }
    }
    return n;
  }

  /** The columns a three-dimensional float array takes. */
  public static int size(float[][][] a) {
    int n = 0;
    if (a != null) {
      for (float[][] m : a) {
        n += size(m);
      }
    }
    return n;
  }

  /** Copies {@code values} into {@code row} from {@code column}; returns the next column. */
  public static int put(double[] row, int column, double[] values) {
    if (values == null) {
      return column;
    }
    System.arraycopy(values, 0, row, column, values.length);
    return column + values.length;
  }

  public static int put(double[] row, int column, double[][] values) {
    if (values == null) {
      return column;
    }
    for (double[] v : values) {
      column = put(row, column, v);
    }
    return column;
  }

  public static int put(double[] row, int column, double[][][] values) {
    if (values == null) {
      return column;
    }
    for (double[][] m : values) {
      column = put(row, column, m);
    }
    return column;
  }

  /**
   * Sets the entry of {@code direction} that is Jacobian column {@code column}, if the parameter
   * occupying columns from {@code offset} holds it; returns the offset of the next parameter.
   */
  public static int seed(double[] direction, int column, int offset) {
    if (direction == null) {
      return offset;
    }
    if (column >= offset && column < offset + direction.length) {
      direction[column - offset] = 1.0;
    }
    return offset + direction.length;
  }

  public static int seed(double[][] direction, int column, int offset) {
    if (direction == null) {
      return offset;
    }
    for (double[] row : direction) {
      offset = seed(row, column, offset);
    }
    return offset;
  }

  public static int seed(double[][][] direction, int column, int offset) {
    if (direction == null) {
      return offset;
    }
    for (double[][] m : direction) {
      offset = seed(m, column, offset);
    }
    return offset;
  }
}
