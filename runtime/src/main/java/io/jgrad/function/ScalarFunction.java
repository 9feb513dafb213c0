package io.jgrad.function;

/**
 * A real function of a point of {@link #dimension()} numbers: what the function objects jgrad
 * generates for a {@code @Grad} method ({@code Foo_Rrule.fFunction(...)}) implement, with the
 * method's differentiable inputs flattened into the point (scalars one entry each, arrays their
 * elements, matrices their rows one after the other: the columns of {@code fJacobian}).
 *
 * <p>The generated objects reuse their buffers from call to call, so they are not thread-safe:
 * use one per thread.
 */
public interface ScalarFunction {
  /** The number of entries of a point. */
  int dimension();

  /**
   * The value at {@code point}, bit for bit the method's.
   *
   * @throws IllegalArgumentException if the point does not have {@link #dimension()} entries
   */
  double value(double[] point);
}
