package io.jgrad.bench.suite;

import io.jgrad.bench.RowBenchmark;
import io.jgrad.bench.peers.HandWritten;
import io.jgrad.bench.peers.ViaFinmath;
import io.jgrad.bench.peers.ViaHipparchus;
import io.jgrad.bench.rows.LogDensity100k;
import io.jgrad.bench.rows.LogDensity100k_Frule;
import io.jgrad.bench.rows.LogDensity100k_Rrule;
import java.util.Random;
import org.hipparchus.analysis.differentiation.Gradient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Row {@code logdensity_100k}: {@link LogDensity100k#logDensity}. theta = two standard normals; the
 * data are {@code exp(1.5 + 0.5 * N(0, 1))}, 100,000 of them, {@code @NoGrad}: every column
 * differentiates with respect to theta only, as Turing's log density gradient does (until
 * 2026-12-06 jgrad also differentiated with respect to the data, zeroing and filling 100,000 more
 * adjoints per call).
 */
@State(Scope.Benchmark)
public class LogDensity100kBenchmark extends RowBenchmark {
  /** Number of observations. */
  public static final int N = 100_000;

  double theta0;
  double theta1;
  double[] x;
  double theta0Dot;
  double theta1Dot;
  double[] scalarBars;
  double[] scalarHvps;

  public LogDensity100kBenchmark() {
    super("logdensity_100k", "theta: 2, data: " + N);
  }

  @Override
  protected void prepare(Random random) {
    theta0 = random.nextGaussian();
    theta1 = random.nextGaussian();
    x = normals(random, N);
    for (int i = 0; i < N; i++) {
      x[i] = Math.exp(1.5 + 0.5 * x[i]);
    }
    theta0Dot = random.nextGaussian();
    theta1Dot = random.nextGaussian();
    scalarBars = new double[2];
    scalarHvps = new double[2];
  }

  @Benchmark
  @Override
  public double primal() {
    return LogDensity100k.logDensity(theta0, theta1, x);
  }

  @Benchmark
  @Override
  public double jgradReverse() {
    return LogDensity100k_Rrule.logDensityGradientInto(theta0, theta1, x, scalarBars);
  }

  @Benchmark
  @Override
  public LogDensity100k_Rrule.LogDensityGradient jgradReverseRecord() {
    return LogDensity100k_Rrule.logDensity(theta0, theta1, x);
  }

  @Benchmark
  @Override
  public double jgradForward() {
    return LogDensity100k_Frule.logDensityInto(theta0, theta0Dot, theta1, theta1Dot, x,
        forwardTangent);
  }

  @Benchmark
  @Override
  public double jgradHvp() {
    scalarBars[0] = 0.0;
    scalarBars[1] = 0.0;
    scalarHvps[0] = 0.0;
    scalarHvps[1] = 0.0;
    return LogDensity100k_Rrule.logDensityHvpAdjoint(theta0, theta0Dot, theta1, theta1Dot, x,
        1.0, scalarBars, scalarHvps);
  }

  @Override
  public double[] hvpProduct() {
    return scalarHvps.clone();
  }

  @Benchmark
  @Override
  public double handWritten() {
    return HandWritten.logDensity(theta0, theta1, x, handBar);
  }

  @Benchmark
  @Override
  public Gradient hipparchus() {
    return ViaHipparchus.logDensity(theta0, theta1, x);
  }

  @Benchmark
  @Override
  public double finmath() {
    return ViaFinmath.logDensity(theta0, theta1, x, finmathBar);
  }

  @Benchmark
  @Override
  public double finiteDifferences() {
    return centralDifferences();
  }

  @Override
  public double[] jgradGradient() {
    return scalarBars.clone();
  }

  @Override
  public double[] direction() {
    return new double[] {theta0Dot, theta1Dot};
  }

  @Override
  public int comparedInputs() {
    return 2;
  }

  @Override
  protected double input(int k) {
    return k == 0 ? theta0 : theta1;
  }

  @Override
  protected void setInput(int k, double value) {
    if (k == 0) {
      theta0 = value;
    } else {
      theta1 = value;
    }
  }
}
