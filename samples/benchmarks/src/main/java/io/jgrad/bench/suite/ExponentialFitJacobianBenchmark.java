package io.jgrad.bench.suite;

import io.jgrad.bench.rows.ExponentialFit;
import io.jgrad.bench.rows.ExponentialFit_Frule;
import io.jgrad.bench.rows.ExponentialFit_Rrule;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The Jacobian row: {@link ExponentialFit} with 100 parameters and 200 residuals. Measures the
 * primal, jgrad's {@code residualsJacobian} (vector forward mode, 128 directions per sweep), the
 * same Jacobian from 100 single-direction forward calls, one column each, and the closed-form
 * Jacobian written by hand. Target: the Jacobian in at most 0.5x the 100 forward calls' time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ExponentialFitJacobianBenchmark {
  /** The columns, as benchmark method names, in the report's order. */
  public static final String[] METHODS = {"primal", "jgradJacobian", "forwardColumns",
      "handWritten"};

  final int parameters;
  final int points;
  double[] p;
  double[] t;
  double[] y;
  double[] direction;
  double[][] columns;

  public ExponentialFitJacobianBenchmark() {
    this(100, 200);
  }

  public ExponentialFitJacobianBenchmark(int parameters, int points) {
    this.parameters = parameters;
    this.points = points;
  }

  public int parameters() {
    return parameters;
  }

  @Setup(Level.Trial)
  public void setUp() {
    Random random = new Random(io.jgrad.bench.RowBenchmark.SEED);
    p = new double[parameters];
    for (int i = 0; i + 1 < parameters; i += 2) {
      p[i] = 1 + random.nextDouble();
      p[i + 1] = 0.1 + 2 * random.nextDouble();
    }
    t = new double[points];
    y = new double[points];
    for (int j = 0; j < points; j++) {
      t[j] = 4.0 * j / points;
      y[j] = random.nextGaussian();
    }
    direction = new double[parameters];
    columns = new double[points][parameters];
  }

  @Benchmark
  public double[] primal() {
    return ExponentialFit.residuals(p, t, y);
  }

  @Benchmark
  public double[][] jgradJacobian() {
    return ExponentialFit_Rrule.residualsJacobian(p, t, y);
  }

  /** Column k from one forward call along the k-th unit vector. */
  @Benchmark
  public double[][] forwardColumns() {
    for (int k = 0; k < parameters; k++) {
      direction[k] = 1.0;
      double[] tangent = ExponentialFit_Frule.residuals(p, direction, t, y).tangent();
      direction[k] = 0.0;
      for (int j = 0; j < points; j++) {
        columns[j][k] = tangent[j];
      }
    }
    return columns;
  }

  @Benchmark
  public double[][] handWritten() {
    return ExponentialFit.handJacobian(p, t);
  }
}
