package io.jgrad.check;

/** How a primal parameter takes part in differentiation. */
enum ParamKind {
  /** A {@code double}: differentiable scalar. */
  DOUBLE,
  /** A {@code float}: differentiable scalar whose tangent and adjoint are {@code double}s. */
  FLOAT,
  /** A {@code double[]}: differentiable array with a same-length tangent and adjoint buffer. */
  DOUBLE_ARRAY,
  /** A {@code double[][]}: differentiable matrix with a same-shape tangent and adjoint buffer. */
  DOUBLE_MATRIX,
  /** Anything else ({@code int}, {@code long}, {@code boolean}, ...): passed through unchanged. */
  PASSIVE;

  static ParamKind of(Class<?> type) {
    if (type == double.class) {
      return DOUBLE;
    } else if (type == float.class) {
      return FLOAT;
    } else if (type == double[].class) {
      return DOUBLE_ARRAY;
    } else if (type == double[][].class) {
      return DOUBLE_MATRIX;
    }
    return PASSIVE;
  }

  boolean isScalar() {
    return this == DOUBLE || this == FLOAT;
  }

  /** True for {@code double[]} and {@code double[][]}: an input and, through its final contents, an output. */
  boolean isArray() {
    return this == DOUBLE_ARRAY || this == DOUBLE_MATRIX;
  }

  /** The type of this parameter's tangent and adjoint (null for a passive parameter). */
  Class<?> shadowType() {
    switch (this) {
      case DOUBLE:
      case FLOAT:
        return double.class;
      case DOUBLE_ARRAY:
        return double[].class;
      case DOUBLE_MATRIX:
        return double[][].class;
      default:
        return null;
    }
  }
}
