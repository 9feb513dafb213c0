package io.jgrad.bench.suite;

import io.jgrad.bench.VectorRowBenchmark;
import io.jgrad.bench.peers.HandWritten;
import io.jgrad.bench.peers.ViaFinmath;
import io.jgrad.bench.peers.ViaHipparchus;
import io.jgrad.bench.rows.Sum5x1024;
import io.jgrad.bench.rows.Sum5x1024_Frule;
import io.jgrad.bench.rows.Sum5x1024_Rrule;
import java.util.Arrays;
import org.hipparchus.analysis.differentiation.Gradient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Row {@code sum_5x_1024}: {@link Sum5x1024}. */
@State(Scope.Benchmark)
public class Sum5x1024Benchmark extends VectorRowBenchmark {
  public Sum5x1024Benchmark() {
    super("sum_5x_1024", 1024);
  }

  @Benchmark
  @Override
  public double primal() {
    return Sum5x1024.f(x);
  }

  @Benchmark
  @Override
  public double jgradReverse() {
    return Sum5x1024_Rrule.fGradientInto(x, xBar);
  }

  @Benchmark
  @Override
  public Sum5x1024_Rrule.FGradient jgradReverseRecord() {
    return Sum5x1024_Rrule.f(x);
  }

  @Benchmark
  @Override
  public double jgradForward() {
    return Sum5x1024_Frule.fInto(x, xDot, forwardTangent);
  }

  @Benchmark
  @Override
  public double jgradHvp() {
    Arrays.fill(xBar, 0.0);
    Arrays.fill(xHvp, 0.0);
    return Sum5x1024_Rrule.fHvpAdjoint(x, xDot, xBar, xHvp, 1.0);
  }

  @Benchmark
  @Override
  public double handWritten() {
    return HandWritten.sum5x(x, handBar);
  }

  @Benchmark
  @Override
  public Gradient hipparchus() {
    return ViaHipparchus.sum5x(x);
  }

  @Benchmark
  @Override
  public double finmath() {
    return ViaFinmath.sum5x(x, finmathBar);
  }

  @Benchmark
  @Override
  public double finiteDifferences() {
    return centralDifferences();
  }
}
