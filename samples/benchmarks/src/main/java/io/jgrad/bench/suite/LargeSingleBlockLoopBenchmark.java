package io.jgrad.bench.suite;

import io.jgrad.bench.VectorRowBenchmark;
import io.jgrad.bench.peers.HandWritten;
import io.jgrad.bench.peers.ViaFinmath;
import io.jgrad.bench.peers.ViaHipparchus;
import io.jgrad.bench.rows.LargeSingleBlockLoop;
import io.jgrad.bench.rows.LargeSingleBlockLoop_Frule;
import io.jgrad.bench.rows.LargeSingleBlockLoop_Rrule;
import java.util.Arrays;
import org.hipparchus.analysis.differentiation.Gradient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Row {@code large_single_block_loop}: {@link LargeSingleBlockLoop}. */
@State(Scope.Benchmark)
public class LargeSingleBlockLoopBenchmark extends VectorRowBenchmark {
  public LargeSingleBlockLoopBenchmark() {
    super("large_single_block_loop", new double[] {0.9, 0.99});
  }

  @Benchmark
  @Override
  public double primal() {
    return LargeSingleBlockLoop.f(x);
  }

  @Benchmark
  @Override
  public double jgradReverse() {
    return LargeSingleBlockLoop_Rrule.fGradientInto(x, xBar);
  }

  @Benchmark
  @Override
  public LargeSingleBlockLoop_Rrule.FGradient jgradReverseRecord() {
    return LargeSingleBlockLoop_Rrule.f(x);
  }

  @Benchmark
  @Override
  public double jgradForward() {
    return LargeSingleBlockLoop_Frule.fInto(x, xDot, forwardTangent);
  }

  @Benchmark
  @Override
  public double jgradHvp() {
    Arrays.fill(xBar, 0.0);
    Arrays.fill(xHvp, 0.0);
    return LargeSingleBlockLoop_Rrule.fHvpAdjoint(x, xDot, xBar, xHvp, 1.0);
  }

  @Benchmark
  @Override
  public double handWritten() {
    return HandWritten.largeSingleBlock(x, handBar);
  }

  @Benchmark
  @Override
  public Gradient hipparchus() {
    return ViaHipparchus.largeSingleBlockLoop(x);
  }

  @Benchmark
  @Override
  public double finmath() {
    return ViaFinmath.largeSingleBlockLoop(x, finmathBar);
  }

  @Benchmark
  @Override
  public double finiteDifferences() {
    return centralDifferences();
  }
}
