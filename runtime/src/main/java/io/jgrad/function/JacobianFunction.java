package io.jgrad.function;

/** A {@link VectorFunction} with its Jacobian. */
public interface JacobianFunction extends VectorFunction {
  /**
   * The Jacobian at {@code point}: row {@code r} holds the derivatives of output {@code r}, one
   * column per entry of the point.
   *
   * @throws IllegalArgumentException if the point does not have {@link #dimension()} entries
   */
  double[][] jacobian(double[] point);
}
