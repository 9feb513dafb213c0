package io.jgrad.bench.suite;

import io.jgrad.bench.VectorRowBenchmark;
import io.jgrad.bench.peers.HandWritten;
import io.jgrad.bench.peers.ViaFinmath;
import io.jgrad.bench.peers.ViaHipparchus;
import io.jgrad.bench.rows.SumCosExp1024;
import io.jgrad.bench.rows.SumCosExp1024_Frule;
import io.jgrad.bench.rows.SumCosExp1024_Rrule;
import java.util.Arrays;
import org.hipparchus.analysis.differentiation.Gradient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Row {@code sum_cos_exp_1024}: {@link SumCosExp1024}. */
@State(Scope.Benchmark)
public class SumCosExp1024Benchmark extends VectorRowBenchmark {
  public SumCosExp1024Benchmark() {
    super("sum_cos_exp_1024", 1024);
  }

  @Benchmark
  @Override
  public double primal() {
    return SumCosExp1024.f(x);
  }

  @Benchmark
  @Override
  public double jgradReverse() {
    return SumCosExp1024_Rrule.fGradientInto(x, xBar);
  }

  @Benchmark
  @Override
  public SumCosExp1024_Rrule.FGradient jgradReverseRecord() {
    return SumCosExp1024_Rrule.f(x);
  }

  @Benchmark
  @Override
  public double jgradForward() {
    return SumCosExp1024_Frule.fInto(x, xDot, forwardTangent);
  }

  @Benchmark
  @Override
  public double jgradHvp() {
    Arrays.fill(xBar, 0.0);
    Arrays.fill(xHvp, 0.0);
    return SumCosExp1024_Rrule.fHvpAdjoint(x, xDot, xBar, xHvp, 1.0);
  }

  @Benchmark
  @Override
  public double handWritten() {
    return HandWritten.sumCosExp(x, handBar);
  }

  @Benchmark
  @Override
  public Gradient hipparchus() {
    return ViaHipparchus.sumCosExp(x);
  }

  @Benchmark
  @Override
  public double finmath() {
    return ViaFinmath.sumCosExp(x, finmathBar);
  }

  @Benchmark
  @Override
  public double finiteDifferences() {
    return centralDifferences();
  }
}
