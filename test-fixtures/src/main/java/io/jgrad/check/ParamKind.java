package io.jgrad.check;

/** How a primal parameter takes part in differentiation. */
enum ParamKind {
  /** A {@code double}: differentiable scalar. */
  DOUBLE,
  /** A {@code float}: differentiable scalar whose tangent and adjoint are {@code double}s. */
  FLOAT,
  /**
   * A {@code double[]} (or a {@code float[]}, held as its double image): differentiable array
   * with a same-length {@code double[]} tangent and adjoint buffer; likewise the matrix and cube.
   */
  DOUBLE_ARRAY,
  /** A {@code double[][]}: differentiable matrix with a same-shape tangent and adjoint buffer. */
  DOUBLE_MATRIX,
  /**
   * A {@code double[][][]}: differentiable array of matrices (filters, a batch of images) with a
   * same-shape tangent and adjoint buffer; its entries are its innermost rows one after the other
   * ({@code x[0][0][*], x[0][1][*], ..., x[1][0][*], ...}).
   */
  DOUBLE_CUBE,
  /**
   * A differentiable record, or plain class used as data ({@link ValueType}): its tangent and
   * adjoint buffer are objects of its generated tangent class, shaped like the value where it
   * holds arrays; the adjoint adds into the buffer as into a {@code double[]}.
   */
  RECORD,
  /**
   * An array of differentiable records (or data classes): tangent and adjoint buffer are arrays
   * of the tangent class with an element per element (null where the record is null),
   * positional like rows.
   */
  RECORD_ARRAY,
  /** Anything else ({@code int}, {@code long}, {@code boolean}, ...): passed through unchanged. */
  PASSIVE;

  static ParamKind of(Class<?> type) {
    if (type == double.class) {
      return DOUBLE;
    } else if (type == float.class) {
      return FLOAT;
    } else if (type == double[].class || type == float[].class) {
      return DOUBLE_ARRAY; // a float array is held as its double image (FloatImages)
    } else if (type == double[][].class || type == float[][].class) {
      return DOUBLE_MATRIX;
    } else if (type == double[][][].class || type == float[][][].class) {
      return DOUBLE_CUBE;
    } else if (ValueType.isDifferentiable(type)) {
      return RECORD;
    } else if (type.isArray() && ValueType.isDifferentiable(type.getComponentType())) {
      return RECORD_ARRAY;
    }
    return PASSIVE;
  }

  boolean isScalar() {
    return this == DOUBLE || this == FLOAT;
  }

  /**
   * True for {@code double[]}, {@code double[][]} and {@code double[][][]}: memory that may be
   * shared between parameters, an input and, through its final contents, an output.
   */
  boolean isArray() {
    return this == DOUBLE_ARRAY || this == DOUBLE_MATRIX || this == DOUBLE_CUBE;
  }

  /**
   * The number of array levels above the {@code double[]} rows: 0 for a {@code double[]}, 1 for
   * a {@code double[][]}, 2 for a {@code double[][][]}; -1 for other kinds.
   */
  int containerDepth() {
    return switch (this) {
      case DOUBLE_ARRAY -> 0;
      case DOUBLE_MATRIX -> 1;
      case DOUBLE_CUBE -> 2;
      default -> -1;
    };
  }

  /** True for a record or an array of records. */
  boolean isRecord() {
    return this == RECORD || this == RECORD_ARRAY;
  }

  /**
   * True if the adjoint takes a buffer right after the parameter (arrays and records), rather
   * than a {@code scalarBars} entry (scalars) or nothing (passive parameters).
   */
  boolean hasBuffer() {
    return isArray() || isRecord();
  }
}
