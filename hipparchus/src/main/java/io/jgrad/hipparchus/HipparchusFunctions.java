package io.jgrad.hipparchus;

import io.jgrad.function.GradientFunction;
import io.jgrad.function.JacobianFunction;
import io.jgrad.function.ScalarFunction;
import java.util.Objects;
import org.hipparchus.analysis.MultivariateFunction;
import org.hipparchus.analysis.MultivariateVectorFunction;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.RealMatrix;
import org.hipparchus.linear.RealVector;
import org.hipparchus.optim.nonlinear.scalar.ObjectiveFunction;
import org.hipparchus.optim.nonlinear.scalar.ObjectiveFunctionGradient;
import org.hipparchus.optim.nonlinear.vector.leastsquares.ValueAndJacobianFunction;
import org.hipparchus.util.Pair;

/**
 * Adapters from jgrad's function objects ({@code io.jgrad.function}, what {@code
 * Foo_Rrule.fFunction(...)} returns) to the function types of Hipparchus' optimizers.
 *
 * <pre>{@code
 * GradientFunction f = Rosenbrock_Rrule.fFunction(x0);
 * PointValuePair optimum = new NonLinearConjugateGradientOptimizer(
 *         NonLinearConjugateGradientOptimizer.Formula.POLAK_RIBIERE,
 *         new SimpleValueChecker(1e-12, 1e-12))
 *     .optimize(new MaxEval(100_000), HipparchusFunctions.objective(f),
 *         HipparchusFunctions.objectiveGradient(f), GoalType.MINIMIZE, new InitialGuess(x0));
 *
 * JacobianFunction model = Peaks_Rrule.modelFunction(p0, t);
 * LeastSquaresProblem problem = new LeastSquaresBuilder()
 *     .model(HipparchusFunctions.leastSquaresModel(model))
 *     .target(observations).start(p0).maxEvaluations(1000).maxIterations(1000).build();
 * LeastSquaresOptimizer.Optimum fit = new LevenbergMarquardtOptimizer().optimize(problem);
 * }</pre>
 *
 * <p>The adapters add nothing: each call of the Hipparchus function is one call of the jgrad
 * function at the same point (the point array is passed on as it is; jgrad's functions do not
 * change it), and each result is a fresh array, which Hipparchus may change. They are as
 * thread-safe as the function they wrap (jgrad's generated function objects are not: make one
 * per thread).
 */
public final class HipparchusFunctions {
  private HipparchusFunctions() {}

  /** {@code f} as a Hipparchus function: {@code value(point)} is {@code f.value(point)}. */
  public static MultivariateFunction function(ScalarFunction f) {
    Objects.requireNonNull(f, "f");
    return f::value;
  }

  /** The gradient of {@code f}: {@code value(point)} is {@code f.gradient(point)}, a new array. */
  public static MultivariateVectorFunction gradient(GradientFunction f) {
    Objects.requireNonNull(f, "f");
    return f::gradient;
  }

  /** The objective of a scalar optimizer ({@code optimize(..., objective(f), ...)}). */
  public static ObjectiveFunction objective(ScalarFunction f) {
    return new ObjectiveFunction(function(f));
  }

  /**
   * The gradient of the objective, for gradient-based optimizers such as {@code
   * NonLinearConjugateGradientOptimizer}; pass it with {@link #objective}.
   */
  public static ObjectiveFunctionGradient objectiveGradient(GradientFunction f) {
    return new ObjectiveFunctionGradient(gradient(f));
  }

  /**
   * The model of a least-squares problem ({@code LeastSquaresBuilder.model(...)}, for {@code
   * LevenbergMarquardtOptimizer} or {@code GaussNewtonOptimizer}): at a point of the
   * parameters, {@code f}'s value (the model's predictions, or residuals with a zero target) and
   * its Jacobian ({@code f.jacobian}: row {@code i} is prediction {@code i}, column {@code j}
   * parameter {@code j}).
   *
   * <p>It is a {@code ValueAndJacobianFunction}, so it also serves {@code
   * LeastSquaresBuilder.lazyEvaluation(true)}, where the optimizer asks for the Jacobian only at
   * the points it keeps. {@link ValueAndJacobianFunction#value(RealVector)} returns both, one
   * call of {@code f.value} and one of {@code f.jacobian}.
   */
  public static ValueAndJacobianFunction leastSquaresModel(JacobianFunction f) {
    Objects.requireNonNull(f, "f");
    return new ValueAndJacobianFunction() {
      @Override
      public Pair<RealVector, RealMatrix> value(RealVector point) {
        double[] p = point.toArray();
        return new Pair<>(computeValue(p), computeJacobian(p));
      }

      @Override
      public RealVector computeValue(double[] params) {
        return new ArrayRealVector(f.value(params), false);
      }

      @Override
      public RealMatrix computeJacobian(double[] params) {
        return new Array2DRowRealMatrix(f.jacobian(params), false);
      }
    };
  }
}
