package io.jgrad.function;

/** A {@link ScalarFunction} with its gradient (reverse mode). */
public interface GradientFunction extends ScalarFunction {
  /**
   * Returns the value at {@code point} and writes the gradient into {@code gradient} (its
   * previous contents are overwritten).
   *
   * @throws IllegalArgumentException if the point or the buffer does not have {@link
   *     #dimension()} entries
   */
  double valueAndGradient(double[] point, double[] gradient);

  /** The gradient at {@code point}, in a new array. */
  default double[] gradient(double[] point) {
    double[] gradient = new double[dimension()];
    valueAndGradient(point, gradient);
    return gradient;
  }
}
