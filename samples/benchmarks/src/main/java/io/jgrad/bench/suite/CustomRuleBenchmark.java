package io.jgrad.bench.suite;

import io.jgrad.bench.rows.NormalTails;
import io.jgrad.bench.rows.NormalTails_Frule;
import io.jgrad.bench.rows.NormalTails_Rrule;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.hipparchus.special.Erf;
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
 * Calls of a method with custom rules in a loop: {@link NormalTails} ({@code sum x_i
 * erfc(x_i)}, n = 1000) through {@code ErfRules}, against the adjoint written by hand with the
 * same derivative ({@code erfc(x) - 2/sqrt(pi) x exp(-x^2)}). Not a row of the report.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class CustomRuleBenchmark {
  private static final double TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI);

  public double[] x;
  public double[] xDot;
  public double[] xBar;
  public double[] xHvp;
  public double[] tangent = new double[1];

  @Setup(Level.Trial)
  public void setUp() {
    Random random = new Random(io.jgrad.bench.RowBenchmark.SEED);
    x = new double[1000];
    xDot = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      x[i] = 4 * random.nextDouble() - 2;
      xDot[i] = random.nextGaussian();
    }
    xBar = new double[x.length];
    xHvp = new double[x.length];
  }

  @Benchmark
  public double primal() {
    return NormalTails.f(x);
  }

  @Benchmark
  public double jgradReverse() {
    return NormalTails_Rrule.fGradientInto(x, xBar);
  }

  @Benchmark
  public double jgradForward() {
    return NormalTails_Frule.fInto(x, xDot, tangent);
  }

  @Benchmark
  public double jgradHvp() {
    Arrays.fill(xBar, 0.0);
    Arrays.fill(xHvp, 0.0);
    return NormalTails_Rrule.fHvpAdjoint(x, xDot, xBar, xHvp, 1.0);
  }

  /** Value and gradient as an expert writes them: one erfc and one exp per element. */
  @Benchmark
  public double handWritten() {
    return handWritten(x, xBar);
  }

  /** The hand-written adjoint, also the reference of {@code AgreementTest}. */
  public static double handWritten(double[] x, double[] xBar) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      double e = Erf.erfc(x[i]);
      s += x[i] * e;
      xBar[i] = e - TWO_OVER_SQRT_PI * x[i] * Math.exp(-x[i] * x[i]);
    }
    return s;
  }
}
