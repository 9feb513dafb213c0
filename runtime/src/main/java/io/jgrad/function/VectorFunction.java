package io.jgrad.function;

/**
 * A vector-valued function of a point of {@link #dimension()} numbers: the function objects
 * jgrad generates for a {@code @Grad} method returning {@code double[]} implement it (see {@link
 * ScalarFunction} for the layout of the point).
 */
public interface VectorFunction {
  /** The number of entries of a point. */
  int dimension();

  /**
   * The value at {@code point}, bit for bit the method's.
   *
   * @throws IllegalArgumentException if the point does not have {@link #dimension()} entries
   */
  double[] value(double[] point);
}
