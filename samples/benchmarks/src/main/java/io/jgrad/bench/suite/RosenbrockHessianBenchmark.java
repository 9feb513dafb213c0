package io.jgrad.bench.suite;

import io.jgrad.bench.peers.HipparchusHessian;
import io.jgrad.bench.rows.Rosenbrock;
import io.jgrad.bench.rows.Rosenbrock_Rrule;
import java.util.Arrays;
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
 * The Hessian row: {@link Rosenbrock} with n = 100. Measures the primal, one Hessian-vector
 * product ({@code fHvpAdjoint}), the dense Hessian ({@code fHessian}), Hipparchus
 * ({@code DerivativeStructure} of order 2) and central differences of jgrad's gradient (2n
 * reverse calls). Target: the dense Hessian in at most 0.7 n Hessian-vector products' time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class RosenbrockHessianBenchmark {
  /** The columns, as benchmark method names, in the report's order. */
  public static final String[] METHODS = {"primal", "jgradHvp", "jgradHessian", "hipparchus",
      "finiteDifferences"};

  final int n;
  double[] x;
  double[] dir;
  double[] xBar;
  double[] xHvp;
  double[][] fdHessian;

  public RosenbrockHessianBenchmark() {
    this(100);
  }

  public RosenbrockHessianBenchmark(int n) {
    this.n = n;
  }

  public int n() {
    return n;
  }

  @Setup(Level.Trial)
  public void setUp() {
    Random random = new Random(io.jgrad.bench.RowBenchmark.SEED);
    x = new double[n];
    dir = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = random.nextGaussian();
      dir[i] = random.nextGaussian();
    }
    xBar = new double[n];
    xHvp = new double[n];
    fdHessian = new double[n][n];
  }

  @Benchmark
  public double primal() {
    return Rosenbrock.f(x);
  }

  @Benchmark
  public double jgradHvp() {
    Arrays.fill(xBar, 0.0);
    Arrays.fill(xHvp, 0.0);
    return Rosenbrock_Rrule.fHvpAdjoint(x, dir, xBar, xHvp, 1.0);
  }

  @Benchmark
  public double[][] jgradHessian() {
    return Rosenbrock_Rrule.fHessian(x);
  }

  @Benchmark
  public double[][] hipparchus() {
    return HipparchusHessian.rosenbrock(x);
  }

  /** Column j: (g(x + h e_j) - g(x - h e_j)) / 2h with jgrad's gradient. */
  @Benchmark
  public double[][] finiteDifferences() {
    for (int j = 0; j < n; j++) {
      double xj = x[j];
      double h = io.jgrad.bench.RowBenchmark.FD_STEP * Math.max(1.0, Math.abs(xj));
      x[j] = xj + h;
      Arrays.fill(xBar, 0.0);
      Rosenbrock_Rrule.fAdjoint(x, xBar, 1.0);
      double[] up = xBar.clone();
      x[j] = xj - h;
      Arrays.fill(xBar, 0.0);
      Rosenbrock_Rrule.fAdjoint(x, xBar, 1.0);
      x[j] = xj;
      for (int i = 0; i < n; i++) {
        fdHessian[i][j] = (up[i] - xBar[i]) / (2 * h);
      }
    }
    return fdHessian;
  }

  /** The product the last {@link #jgradHvp()} left. */
  public double[] hvpProduct() {
    return xHvp.clone();
  }

  public double[] direction() {
    return dir.clone();
  }

  public double[] point() {
    return x.clone();
  }
}
