package io.jgrad;

/**
 * Small helpers the generated {@code ...Jacobian} and {@code ...Hessian} methods and function
 * objects ({@code io.jgrad.function}) use to lay the differentiable inputs out as Jacobian
 * columns: scalars one column each, a {@code double[]} its elements, a {@code double[][]} its
 * rows one after the other, a {@code double[][][]} its matrices' rows in turn. A null array (an
 * optional argument left out) takes no columns.
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

  /** Copies a float vector into {@code row} from {@code column}; returns the next column. */
  public static int put(double[] row, int column, float[] values) {
    if (values == null) {
      return column;
    }
    for (float v : values) {
      row[column++] = v;
    }
    return column;
  }

  public static int put(double[] row, int column, float[][] values) {
    if (values == null) {
      return column;
    }
    for (float[] v : values) {
      column = put(row, column, v);
    }
    return column;
  }

  public static int put(double[] row, int column, float[][][] values) {
    if (values == null) {
      return column;
    }
    for (float[][] m : values) {
      column = put(row, column, m);
    }
    return column;
  }

  /**
   * The inverse of {@link #put(double[], int, double[])}: copies {@code row} from {@code column}
   * into {@code values}; returns the next column.
   */
  public static int get(double[] row, int column, double[] values) {
    if (values == null) {
      return column;
    }
    System.arraycopy(row, column, values, 0, values.length);
    return column + values.length;
  }

  public static int get(double[] row, int column, double[][] values) {
    if (values == null) {
      return column;
    }
    for (double[] v : values) {
      column = get(row, column, v);
    }
    return column;
  }

  public static int get(double[] row, int column, double[][][] values) {
    if (values == null) {
      return column;
    }
    for (double[][] m : values) {
      column = get(row, column, m);
    }
    return column;
  }

  /** Into a float vector: each entry rounded to float, as a cast does. */
  public static int get(double[] row, int column, float[] values) {
    if (values == null) {
      return column;
    }
    for (int i = 0; i < values.length; i++) {
      values[i] = (float) row[column++];
    }
    return column;
  }

  public static int get(double[] row, int column, float[][] values) {
    if (values == null) {
      return column;
    }
    for (float[] v : values) {
      column = get(row, column, v);
    }
    return column;
  }

  public static int get(double[] row, int column, float[][][] values) {
    if (values == null) {
      return column;
    }
    for (float[][] m : values) {
      column = get(row, column, m);
    }
    return column;
  }

  /**
   * Checks that an array handed to a function object has one entry per input.
   *
   * @param name what the array is, for the message ({@code "point"}, {@code "gradient"})
   * @throws IllegalArgumentException if {@code array.length != dimension}
   */
  public static void requireDimension(double[] array, int dimension, String name) {
    if (array.length != dimension) {
      throw new IllegalArgumentException(name + " has " + array.length + " entries, but the"
          + " function has " + dimension + " inputs");
    }
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
