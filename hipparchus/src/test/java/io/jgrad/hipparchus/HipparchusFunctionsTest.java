package io.jgrad.hipparchus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.function.GradientFunction;
import io.jgrad.function.JacobianFunction;
import java.util.Arrays;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.RealMatrix;
import org.hipparchus.linear.RealVector;
import org.hipparchus.optim.InitialGuess;
import org.hipparchus.optim.MaxEval;
import org.hipparchus.optim.PointValuePair;
import org.hipparchus.optim.SimpleValueChecker;
import org.hipparchus.optim.nonlinear.scalar.GoalType;
import org.hipparchus.optim.nonlinear.scalar.gradient.NonLinearConjugateGradientOptimizer;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresBuilder;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresOptimizer;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LevenbergMarquardtOptimizer;
import org.hipparchus.optim.nonlinear.vector.leastsquares.ValueAndJacobianFunction;
import org.hipparchus.util.Pair;
import org.junit.jupiter.api.Test;

/**
 * The adapters pass the values and derivatives of jgrad's generated function objects through
 * unchanged, and Hipparchus' optimizers find the known optima with them.
 */
class HipparchusFunctionsTest {
  private static final double[] T = {0, 0.25, 0.5, 1, 1.5, 2, 3, 4, 6, 8};
  private static final double[] TRUTH = {2.5, 0.8, 0.3};

  /** The function object jgrad generates for {@link OptimizationModels#rosenbrock}. */
  private static GradientFunction rosenbrock(int n) {
    return OptimizationModels_Rrule.rosenbrockFunction(new double[n]);
  }

  /** ... and for {@link OptimizationModels#decay} at the times {@link #T}. */
  private static JacobianFunction decay() {
    return OptimizationModels_Rrule.decayFunction(new double[3], T);
  }

  @Test
  void objectiveAndGradientPassValuesThrough() {
    GradientFunction f = rosenbrock(4);
    double[] x = {-1.2, 1, 0.5, -0.3};
    assertEquals(f.value(x), HipparchusFunctions.objective(f).getObjectiveFunction().value(x),
        0.0);
    assertEquals(f.value(x), HipparchusFunctions.function(f).value(x), 0.0);
    var gradient = HipparchusFunctions.objectiveGradient(f).getObjectiveFunctionGradient();
    double[] g = gradient.value(x);
    // by hand at this point (SamplesTest's Rosenbrock values): -215.6, 112, 9, -110
    assertArrayEquals(new double[] {-215.6, 112, 9, -110}, g, 1e-12);
    g[0] = 42; // the optimizer negates the array it is given: a fresh one each call
    assertNotSame(g, gradient.value(x));
    assertEquals(-215.6, gradient.value(x)[0], 1e-12);
    assertArrayEquals(new double[] {-1.2, 1, 0.5, -0.3}, x, 0.0);
  }

  @Test
  void conjugateGradientFindsTheMinimumOfRosenbrock() {
    int n = 10;
    double[] start = new double[n];
    for (int i = 0; i < n; i++) {
      start[i] = i % 2 == 0 ? -1.2 : 1;
    }
    GradientFunction f = rosenbrock(n);
    NonLinearConjugateGradientOptimizer optimizer = new NonLinearConjugateGradientOptimizer(
        NonLinearConjugateGradientOptimizer.Formula.POLAK_RIBIERE,
        new SimpleValueChecker(1e-14, 1e-14));
    PointValuePair optimum = optimizer.optimize(new MaxEval(200_000),
        HipparchusFunctions.objective(f), HipparchusFunctions.objectiveGradient(f),
        GoalType.MINIMIZE, new InitialGuess(start));
    double[] ones = new double[n];
    Arrays.fill(ones, 1);
    assertArrayEquals(ones, optimum.getPoint(), 1e-5, "after " + optimizer.getIterations()
        + " iterations");
    assertTrue(optimum.getValue() < 1e-10, "value " + optimum.getValue());
  }

  @Test
  void leastSquaresModelPassesValueAndJacobianThrough() {
    JacobianFunction f = decay();
    double[] p = {1.5, 0.4, -0.2};
    ValueAndJacobianFunction model = HipparchusFunctions.leastSquaresModel(f);
    Pair<RealVector, RealMatrix> pair = model.value(new ArrayRealVector(p));
    assertArrayEquals(f.value(p), pair.getFirst().toArray(), 0.0);
    assertArrayEquals(f.value(p), model.computeValue(p).toArray(), 0.0);
    double[][] jacobian = pair.getSecond().getData();
    for (int i = 0; i < T.length; i++) {
      // by hand: d/dA = exp(-k t), d/dk = -A t exp(-k t), d/dc = 1
      double e = Math.exp(-p[1] * T[i]);
      assertArrayEquals(new double[] {e, -p[0] * T[i] * e, 1}, jacobian[i], 1e-15, "row " + i);
      assertArrayEquals(jacobian[i], model.computeJacobian(p).getRow(i), 0.0);
    }
  }

  @Test
  void levenbergMarquardtRecoversTheParameters() {
    double[] observed = OptimizationModels.decay(TRUTH, T);
    for (boolean lazy : new boolean[] {false, true}) {
      LeastSquaresOptimizer.Optimum fit = new LevenbergMarquardtOptimizer().optimize(
          new LeastSquaresBuilder()
              .model(HipparchusFunctions.leastSquaresModel(decay()))
              .target(observed)
              .start(new double[] {1, 0.2, 0})
              .lazyEvaluation(lazy)
              .maxEvaluations(1000)
              .maxIterations(1000)
              .build());
      assertArrayEquals(TRUTH, fit.getPoint().toArray(), 1e-9, "lazy " + lazy);
      assertTrue(fit.getRMS() < 1e-12, "rms " + fit.getRMS());
    }
  }
}
