package io.jgrad.samples;

import io.jgrad.hipparchus.HipparchusFunctions;
import java.io.PrintStream;
import java.util.Arrays;
import org.hipparchus.analysis.MultivariateFunction;
import org.hipparchus.analysis.MultivariateVectorFunction;
import org.hipparchus.optim.InitialGuess;
import org.hipparchus.optim.MaxEval;
import org.hipparchus.optim.PointValuePair;
import org.hipparchus.optim.SimpleValueChecker;
import org.hipparchus.optim.nonlinear.scalar.GoalType;
import org.hipparchus.optim.nonlinear.scalar.ObjectiveFunction;
import org.hipparchus.optim.nonlinear.scalar.ObjectiveFunctionGradient;
import org.hipparchus.optim.nonlinear.scalar.gradient.NonLinearConjugateGradientOptimizer;

/**
 * Hipparchus' nonlinear conjugate-gradient optimizer (Polak-Ribiere) on the chained Rosenbrock
 * function {@link Rosenbrock#f} in 100 dimensions, with three gradients: jgrad's (the generated
 * function object {@code Rosenbrock_Rrule.fFunction} through {@code HipparchusFunctions}), the
 * gradient written by hand, and central finite differences (two evaluations per input). It
 * prints, for each, the iterations, the calls of the function and of the gradient, the value
 * reached, the distance to the minimum (1, ..., 1) and the best wall time of a few runs.
 *
 * <p>Run it with {@code mvn -B -q -f samples exec:java -Dsample=ConjugateGradient}.
 */
public final class ConjugateGradient {
  /** The dimension. */
  static final int N = 100;
  private static final int RUNS = 10;

  private ConjugateGradient() {}

  /** The classic start: -1.2 at even, 1 at odd indices. */
  static double[] start() {
    double[] x = new double[N];
    for (int i = 0; i < N; i++) {
      x[i] = i % 2 == 0 ? -1.2 : 1;
    }
    return x;
  }

  /** Where a gradient comes from. */
  enum Gradient {
    JGRAD("jgrad (reverse mode)"),
    BY_HAND("written by hand"),
    FINITE_DIFFERENCES("central differences");

    final String label;

    Gradient(String label) {
      this.label = label;
    }
  }

  /**
   * One minimisation: the optimum, the optimizer's iterations and how often the function and
   * the gradient were called (a finite-difference gradient calls the function 2n times more).
   */
  record Result(Gradient gradient, PointValuePair optimum, int iterations, long valueCalls,
      long gradientCalls, long nanos) {
    /** The largest |x_i - 1|. */
    double distanceToMinimum() {
      return Arrays.stream(optimum.getPoint()).map(v -> Math.abs(v - 1)).max().orElse(0);
    }
  }

  /** Minimises from {@link #start()} with the given gradient. */
  static Result minimize(Gradient kind) {
    // the calls are counted: the optimizer counts only its own calls of the function
    long[] valueCalls = new long[1];
    long[] gradientCalls = new long[1];
    MultivariateFunction value = x -> {
      valueCalls[0]++;
      return Rosenbrock.f(x);
    };
    MultivariateVectorFunction gradient = switch (kind) {
      // jgrad's function object, through the adapter
      case JGRAD -> HipparchusFunctions.gradient(Rosenbrock_Rrule.fFunction(start()));
      case BY_HAND -> ConjugateGradient::gradientByHand;
      case FINITE_DIFFERENCES -> x -> centralDifferences(value, x);
    };
    MultivariateVectorFunction countedGradient = x -> {
      gradientCalls[0]++;
      return gradient.value(x);
    };
    NonLinearConjugateGradientOptimizer optimizer = new NonLinearConjugateGradientOptimizer(
        NonLinearConjugateGradientOptimizer.Formula.POLAK_RIBIERE,
        new SimpleValueChecker(1e-15, 1e-15));
    long begin = System.nanoTime();
    PointValuePair optimum = optimizer.optimize(new MaxEval(1_000_000),
        new ObjectiveFunction(value), new ObjectiveFunctionGradient(countedGradient),
        GoalType.MINIMIZE, new InitialGuess(start()));
    long nanos = System.nanoTime() - begin;
    return new Result(kind, optimum, optimizer.getIterations(), valueCalls[0], gradientCalls[0],
        nanos);
  }

  /**
   * {@code d/dx[k] = -400 x[k] (x[k+1] - x[k]^2) - 2 (1 - x[k])} (for k < n-1) {@code + 200
   * (x[k] - x[k-1]^2)} (for k > 0).
   */
  static double[] gradientByHand(double[] x) {
    int n = x.length;
    double[] g = new double[n];
    for (int k = 0; k < n; k++) {
      if (k < n - 1) {
        g[k] += -400 * x[k] * (x[k + 1] - x[k] * x[k]) - 2 * (1 - x[k]);
      }
      if (k > 0) {
        g[k] += 200 * (x[k] - x[k - 1] * x[k - 1]);
      }
    }
    return g;
  }

  /** Central differences with the step {@code cbrt(ulp(1)) max(1, |x_i|)}. */
  static double[] centralDifferences(MultivariateFunction f, double[] x) {
    double[] g = new double[x.length];
    double[] probe = x.clone();
    for (int i = 0; i < x.length; i++) {
      double h = 6e-6 * Math.max(1, Math.abs(x[i]));
      probe[i] = x[i] + h;
      double plus = f.value(probe);
      probe[i] = x[i] - h;
      double minus = f.value(probe);
      probe[i] = x[i];
      g[i] = (plus - minus) / (2 * h);
    }
    return g;
  }

  public static void main(String[] args) {
    run(System.out);
  }

  /** Runs the three minimisations (the best time of {@value #RUNS} runs each) and prints them. */
  static Result[] run(PrintStream out) {
    out.printf("NonLinearConjugateGradientOptimizer (Polak-Ribiere), chained Rosenbrock, n = %d,"
        + " from (-1.2, 1, -1.2, 1, ...); minimum 0 at (1, ..., 1)%n", N);
    out.printf("%-22s %10s %12s %12s %24s %12s %10s%n", "gradient", "iterations", "f calls",
        "grad calls", "final value", "max|x - 1|", "best ms");
    Result[] best = new Result[Gradient.values().length];
    for (int run = 0; run < RUNS; run++) { // in turns, so that each gets a warm JIT alike
      for (Gradient kind : Gradient.values()) {
        Result r = minimize(kind);
        if (best[kind.ordinal()] == null || r.nanos() < best[kind.ordinal()].nanos()) {
          best[kind.ordinal()] = r;
        }
      }
    }
    for (Result r : best) {
      out.printf("%-22s %10d %12d %12d %24s %12.2e %10.1f%n", r.gradient().label,
          r.iterations(), r.valueCalls(), r.gradientCalls(), r.optimum().getValue(),
          r.distanceToMinimum(), r.nanos() / 1e6);
    }
    out.println("f calls include the finite differences' 2n per gradient. Times are the best of "
        + RUNS + " runs in one JVM, for orientation only:");
    out.println("performance claims come from the JMH benchmarks (samples/benchmarks).");
    return best;
  }
}
