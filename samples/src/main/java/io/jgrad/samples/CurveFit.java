package io.jgrad.samples;

import io.jgrad.Grad;
import io.jgrad.NoGrad;
import io.jgrad.hipparchus.HipparchusFunctions;
import java.io.PrintStream;
import java.util.Random;
import org.hipparchus.analysis.MultivariateMatrixFunction;
import org.hipparchus.analysis.MultivariateVectorFunction;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresBuilder;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresOptimizer;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LevenbergMarquardtOptimizer;

/**
 * A Levenberg-Marquardt fit of two Gaussian peaks on a constant baseline, {@link #peaks}, to
 * 200 noisy samples of known parameters, with three Jacobians: jgrad's (the generated function
 * object {@code CurveFit_Rrule.peaksFunction}, a {@code JacobianFunction}, through {@code
 * HipparchusFunctions.leastSquaresModel}), and Hipparchus' own path, a value function and a
 * Jacobian function, with the Jacobian written by hand or taken by central differences. It
 * prints, for each, the iterations and evaluations, the cost, the parameters found next to the
 * truth, and the best wall time of a few runs.
 *
 * <p>Run it with {@code mvn -B -q -f samples exec:java -Dsample=CurveFit}.
 */
public final class CurveFit {
  /** Two peaks (height, centre, width) and the baseline. */
  static final double[] TRUTH = {3.0, 3.5, 0.6, 1.5, 6.2, 1.1, 0.2};
  static final double[] START = {2.0, 3.0, 1.0, 1.0, 6.8, 0.8, 0.0};
  static final String[] NAMES = {"height 1", "centre 1", "width 1", "height 2", "centre 2",
      "width 2", "baseline"};
  static final double NOISE = 0.02;
  private static final int RUNS = 20;

  private CurveFit() {}

  /**
   * The model at the times {@code t}: {@code sum_j h_j exp(-(t - c_j)^2 / (2 w_j^2)) + b} for
   * the peaks {@code p[3j], p[3j+1], p[3j+2]} = (h, c, w) and the baseline {@code p[last]}.
   */
  @Grad
  public static double[] peaks(double[] p, @NoGrad double[] t) {
    int count = (p.length - 1) / 3;
    double[] y = new double[t.length];
    for (int i = 0; i < t.length; i++) {
      double s = p[p.length - 1];
      for (int j = 0; j < count; j++) {
        double z = (t[i] - p[3 * j + 1]) / p[3 * j + 2];
        s += p[3 * j] * Math.exp(-0.5 * z * z);
      }
      y[i] = s;
    }
    return y;
  }

  /**
   * The model's Jacobian by hand: with {@code z = (t - c) / w} and {@code e = exp(-z^2 / 2)},
   * {@code d/dh = e}, {@code d/dc = h e z / w}, {@code d/dw = h e z^2 / w}, {@code d/db = 1}.
   */
  static double[][] jacobianByHand(double[] p, double[] t) {
    int count = (p.length - 1) / 3;
    double[][] jacobian = new double[t.length][p.length];
    for (int i = 0; i < t.length; i++) {
      for (int j = 0; j < count; j++) {
        double h = p[3 * j];
        double w = p[3 * j + 2];
        double z = (t[i] - p[3 * j + 1]) / w;
        double e = Math.exp(-0.5 * z * z);
        jacobian[i][3 * j] = e;
        jacobian[i][3 * j + 1] = h * e * z / w;
        jacobian[i][3 * j + 2] = h * e * z * z / w;
      }
      jacobian[i][p.length - 1] = 1;
    }
    return jacobian;
  }

  /** Central differences, column by column, with the step {@code 6e-6 max(1, |p_j|)}. */
  static double[][] centralDifferences(double[] p, double[] t) {
    double[][] jacobian = new double[t.length][p.length];
    double[] probe = p.clone();
    for (int j = 0; j < p.length; j++) {
      double h = 6e-6 * Math.max(1, Math.abs(p[j]));
      probe[j] = p[j] + h;
      double[] plus = peaks(probe, t);
      probe[j] = p[j] - h;
      double[] minus = peaks(probe, t);
      probe[j] = p[j];
      for (int i = 0; i < t.length; i++) {
        jacobian[i][j] = (plus[i] - minus[i]) / (2 * h);
      }
    }
    return jacobian;
  }

  /** 200 times in [0, 10]. */
  static double[] times() {
    double[] t = new double[200];
    for (int i = 0; i < t.length; i++) {
      t[i] = 10.0 * i / (t.length - 1);
    }
    return t;
  }

  /** The model at {@link #TRUTH} plus Gaussian noise of deviation {@code noise} (seeded). */
  static double[] observations(double[] t, double noise) {
    double[] y = peaks(TRUTH, t);
    Random random = new Random(2024);
    for (int i = 0; i < y.length; i++) {
      y[i] += noise * random.nextGaussian();
    }
    return y;
  }

  /** Where the Jacobian comes from. */
  enum Jacobian {
    JGRAD("jgrad (forward mode)"),
    BY_HAND("written by hand"),
    FINITE_DIFFERENCES("central differences");

    final String label;

    Jacobian(String label) {
      this.label = label;
    }
  }

  /** One fit and its wall time. */
  record Fit(Jacobian jacobian, LeastSquaresOptimizer.Optimum optimum, long nanos) {
    double[] parameters() {
      return optimum.getPoint().toArray();
    }
  }

  /** Fits {@link #peaks} at {@code t} to {@code observed} from {@link #START}. */
  static Fit fit(Jacobian kind, double[] t, double[] observed) {
    LeastSquaresBuilder problem = new LeastSquaresBuilder()
        .target(observed)
        .start(START)
        .maxEvaluations(10_000)
        .maxIterations(10_000);
    MultivariateVectorFunction value = p -> peaks(p, t);
    switch (kind) {
      // jgrad's function object, through the adapter
      case JGRAD -> problem.model(HipparchusFunctions.leastSquaresModel(
          CurveFit_Rrule.peaksFunction(START, t)));
      case BY_HAND -> problem.model(value, (MultivariateMatrixFunction) p -> jacobianByHand(p,
          t));
      case FINITE_DIFFERENCES -> problem.model(value, (MultivariateMatrixFunction) p ->
          centralDifferences(p, t));
    }
    long begin = System.nanoTime();
    LeastSquaresOptimizer.Optimum optimum = new LevenbergMarquardtOptimizer()
        .optimize(problem.build());
    return new Fit(kind, optimum, System.nanoTime() - begin);
  }

  public static void main(String[] args) {
    run(System.out);
  }

  /** Runs the three fits (the best time of {@value #RUNS} runs each) and prints them. */
  static Fit[] run(PrintStream out) {
    double[] t = times();
    double[] observed = observations(t, NOISE);
    out.printf("LevenbergMarquardtOptimizer: two Gaussian peaks and a baseline (7 parameters),"
        + " %d samples with noise %s%n", t.length, NOISE);
    out.printf("%-22s %10s %12s %24s %10s%n", "Jacobian", "iterations", "evaluations",
        "cost (sqrt of chi^2)", "best ms");
    Fit[] fits = new Fit[Jacobian.values().length];
    for (int run = 0; run < RUNS; run++) { // in turns, so that each gets a warm JIT alike
      for (Jacobian kind : Jacobian.values()) {
        Fit f = fit(kind, t, observed);
        if (fits[kind.ordinal()] == null || f.nanos() < fits[kind.ordinal()].nanos()) {
          fits[kind.ordinal()] = f;
        }
      }
    }
    for (Fit f : fits) {
      out.printf("%-22s %10d %12d %24s %10.2f%n", f.jacobian().label,
          f.optimum().getIterations(), f.optimum().getEvaluations(), f.optimum().getCost(),
          f.nanos() / 1e6);
    }
    out.printf("%n%-10s %8s %20s %20s %20s%n", "parameter", "truth", "jgrad",
        "by hand - jgrad", "differences - jgrad");
    double[] jgrad = fits[Jacobian.JGRAD.ordinal()].parameters();
    double[] byHand = fits[Jacobian.BY_HAND.ordinal()].parameters();
    double[] differences = fits[Jacobian.FINITE_DIFFERENCES.ordinal()].parameters();
    for (int j = 0; j < TRUTH.length; j++) {
      out.printf("%-10s %8s %20.15f %20.2e %20.2e%n", NAMES[j], TRUTH[j], jgrad[j],
          byHand[j] - jgrad[j], differences[j] - jgrad[j]);
    }
    out.println("The parameters differ from the truth by the noise. Times are the best of " + RUNS
        + " runs in one JVM, for orientation only:");
    out.println("performance claims come from the JMH benchmarks (samples/benchmarks).");
    return fits;
  }
}
