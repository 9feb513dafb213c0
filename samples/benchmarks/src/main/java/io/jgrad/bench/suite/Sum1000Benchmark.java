package io.jgrad.bench.suite;

import io.jgrad.bench.VectorRowBenchmark;
import io.jgrad.bench.peers.HandWritten;
import io.jgrad.bench.peers.ViaFinmath;
import io.jgrad.bench.peers.ViaHipparchus;
import io.jgrad.bench.rows.Sum1000;
import io.jgrad.bench.rows.Sum1000_Frule;
import io.jgrad.bench.rows.Sum1000_Rrule;
import java.util.Arrays;
import org.hipparchus.analysis.differentiation.Gradient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Row {@code sum_1000}: {@link Sum1000}. */
@State(Scope.Benchmark)
public class Sum1000Benchmark extends VectorRowBenchmark {
  public Sum1000Benchmark() {
    super("sum_1000", 1000);
  }

  @Benchmark
  @Override
  public double primal() {
    return Sum1000.f(x);
  }

  @Benchmark
  @Override
  public double jgradReverse() {
    return Sum1000_Rrule.fGradientInto(x, xBar);
  }

  @Benchmark
  @Override
  public Sum1000_Rrule.FGradient jgradReverseRecord() {
    return Sum1000_Rrule.f(x);
  }

  @Benchmark
  @Override
  public double jgradForward() {
    return Sum1000_Frule.fInto(x, xDot, forwardTangent);
  }

  @Benchmark
  @Override
  public double jgradHvp() {
    Arrays.fill(xBar, 0.0);
    Arrays.fill(xHvp, 0.0);
    return Sum1000_Rrule.fHvpAdjoint(x, xDot, xBar, xHvp, 1.0);
  }

  @Benchmark
  @Override
  public double handWritten() {
    return HandWritten.sum(x, handBar);
  }

  @Benchmark
  @Override
  public Gradient hipparchus() {
    return ViaHipparchus.sum(x);
  }

  @Benchmark
  @Override
  public double finmath() {
    return ViaFinmath.sum(x, finmathBar);
  }

  @Benchmark
  @Override
  public double finiteDifferences() {
    return centralDifferences();
  }
}
