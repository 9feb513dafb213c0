package io.jgrad.bench.suite;

import io.jgrad.bench.VectorRowBenchmark;
import io.jgrad.bench.peers.HandWritten;
import io.jgrad.bench.peers.ViaFinmath;
import io.jgrad.bench.peers.ViaHipparchus;
import io.jgrad.bench.rows.LargeSingleBlock;
import io.jgrad.bench.rows.LargeSingleBlock_Frule;
import io.jgrad.bench.rows.LargeSingleBlock_Rrule;
import java.util.Arrays;
import org.hipparchus.analysis.differentiation.Gradient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Row {@code large_single_block}: {@link LargeSingleBlock}. */
@State(Scope.Benchmark)
public class LargeSingleBlockBenchmark extends VectorRowBenchmark {
  public LargeSingleBlockBenchmark() {
    super("large_single_block", new double[] {0.9, 0.99});
  }

  @Benchmark
  @Override
  public double primal() {
    return LargeSingleBlock.f(x);
  }

  @Benchmark
  @Override
  public double jgradReverse() {
    return LargeSingleBlock_Rrule.fGradientInto(x, xBar);
  }

  @Benchmark
  @Override
  public LargeSingleBlock_Rrule.FGradient jgradReverseRecord() {
    return LargeSingleBlock_Rrule.f(x);
  }

  @Benchmark
  @Override
  public double jgradForward() {
    return LargeSingleBlock_Frule.fInto(x, xDot, forwardTangent);
  }

  @Benchmark
  @Override
  public double jgradHvp() {
    Arrays.fill(xBar, 0.0);
    Arrays.fill(xHvp, 0.0);
    return LargeSingleBlock_Rrule.fHvpAdjoint(x, xDot, xBar, xHvp, 1.0);
  }

  @Benchmark
  @Override
  public double handWritten() {
    return HandWritten.largeSingleBlock(x, handBar);
  }

  @Benchmark
  @Override
  public Gradient hipparchus() {
    return ViaHipparchus.largeSingleBlockRecursive(x);
  }

  @Benchmark
  @Override
  public double finmath() {
    return ViaFinmath.largeSingleBlockRecursive(x, finmathBar);
  }

  @Benchmark
  @Override
  public double finiteDifferences() {
    return centralDifferences();
  }
}
