package io.jgrad.function;

/** A {@link GradientFunction} with second derivatives (forward mode over reverse mode). */
public interface HessianFunction extends GradientFunction {
  /**
   * Returns the value at {@code point}, writes the gradient into {@code gradient} and the
   * Hessian times {@code direction} into {@code hessianTimesDirection}.
   *
   * @throws IllegalArgumentException if an array does not have {@link #dimension()} entries
   */
  double valueGradientAndHessianTimes(double[] point, double[] direction, double[] gradient,
      double[] hessianTimesDirection);

  /** The dense Hessian at {@code point}: {@code dimension() x dimension()}, symmetric. */
  double[][] hessian(double[] point);
}
