package io.jgrad.check;

/** How a primal parameter takes part in differentiation. */
enum ParamKind {
  /** A {@code double}: differentiable scalar. */
  DOUBLE,
  /** A {@code float}: differentiable scalar whose tangent and adjoint are {@code double}s. */
  FLOAT,
  /** A {@code double[]}: differentiable array with a same-length tangent and adjoint buffer. */
  DOUBLE_ARRAY,
  /** Anything else ({@code int}, {@code long}, {@code boolean}, ...): passed through unchanged. */
  PASSIVE;

  static ParamKind of(Class<?> type) {
    if (type == double.class) {
      return DOUBLE;
    } else if (type == float.class) {
      return FLOAT;
    } else if (type == double[].class) {
      return DOUBLE_ARRAY;
    }
    return PASSIVE;
  }

  boolean isScalar() {
    return this == DOUBLE || this == FLOAT;
  }
}
