package io.jgrad.bench.suite;

import io.jgrad.bench.VectorRowBenchmark;
import io.jgrad.bench.peers.HandWritten;
import io.jgrad.bench.peers.ViaFinmath;
import io.jgrad.bench.peers.ViaHipparchus;
import io.jgrad.bench.rows.SumSin1000;
import io.jgrad.bench.rows.SumSin1000_Frule;
import io.jgrad.bench.rows.SumSin1000_Rrule;
import java.util.Arrays;
import org.hipparchus.analysis.differentiation.Gradient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Row {@code sum_sin_1000}: {@link SumSin1000}. */
@State(Scope.Benchmark)
public class SumSin1000Benchmark extends VectorRowBenchmark {
  public SumSin1000Benchmark() {
    super("sum_sin_1000", 1000);
  }

  @Benchmark
  @Override
  public double primal() {
    return SumSin1000.f(x);
  }

  @Benchmark
  @Override
  public double jgradReverse() {
    return SumSin1000_Rrule.fGradientInto(x, xBar);
  }

  @Benchmark
  @Override
  public SumSin1000_Rrule.FGradient jgradReverseRecord() {
    return SumSin1000_Rrule.f(x);
  }

  @Benchmark
  @Override
  public double jgradForward() {
    return SumSin1000_Frule.fInto(x, xDot, forwardTangent);
  }

  @Benchmark
  @Override
  public double jgradHvp() {
    Arrays.fill(xBar, 0.0);
    Arrays.fill(xHvp, 0.0);
    return SumSin1000_Rrule.fHvpAdjoint(x, xDot, xBar, xHvp, 1.0);
  }

  @Benchmark
  @Override
  public double handWritten() {
    return HandWritten.sumSin(x, handBar);
  }

  @Benchmark
  @Override
  public Gradient hipparchus() {
    return ViaHipparchus.sumSin(x);
  }

  @Benchmark
  @Override
  public double finmath() {
    return ViaFinmath.sumSin(x, finmathBar);
  }

  @Benchmark
  @Override
  public double finiteDifferences() {
    return centralDifferences();
  }
}
