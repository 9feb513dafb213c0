package io.jgrad.bench.suite;

import io.jgrad.bench.MatrixRowBenchmark;
import io.jgrad.bench.peers.HandWritten;
import io.jgrad.bench.peers.ViaFinmath;
import io.jgrad.bench.peers.ViaHipparchus;
import io.jgrad.bench.rows.KronSum;
import io.jgrad.bench.rows.KronSum_Frule;
import io.jgrad.bench.rows.KronSum_Rrule;
import org.hipparchus.analysis.differentiation.Gradient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Row {@code kron_view_sum}: {@link KronSum#kronViewSum}, A 40 x 30 (view: its leading 20 x 20),
 * B 40 x 40 (upper triangle). The gradient is with respect to all of A and B (zeros outside the
 * view and below the diagonal).
 */
@State(Scope.Benchmark)
public class KronViewSumBenchmark extends MatrixRowBenchmark {
  private final int view;

  public KronViewSumBenchmark() {
    this(40, 30, 20, 40);
  }

  /** A rows x cols, its leading view x view block, B m x m (smaller sizes for the unit test). */
  public KronViewSumBenchmark(int rows, int cols, int view, int m) {
    super("kron_view_sum", "A,B", 2, new int[] {rows, cols}, new int[] {m, m});
    this.view = view;
  }

  @Benchmark
  @Override
  public double primal() {
    return KronSum.kronViewSum(in[0], in[1], view);
  }

  @Benchmark
  @Override
  public double jgradReverse() {
    return KronSum_Rrule.kronViewSumGradientInto(in[0], bar[0], in[1], bar[1], view);
  }

  @Benchmark
  @Override
  public KronSum_Rrule.KronViewSumGradient jgradReverseRecord() {
    return KronSum_Rrule.kronViewSum(in[0], in[1], view);
  }

  @Benchmark
  @Override
  public double jgradForward() {
    return KronSum_Frule.kronViewSumInto(in[0], dot[0], in[1], dot[1], view, forwardTangent);
  }

  @Benchmark
  @Override
  public double jgradHvp() {
    zeroHvp();
    return KronSum_Rrule.kronViewSumHvpAdjoint(in[0], dot[0], bar[0], hvp[0], in[1], dot[1],
        bar[1], hvp[1], view, 1.0);
  }

  @Benchmark
  @Override
  public double handWritten() {
    return HandWritten.kronViewSum(in[0], in[1], view, handBar);
  }

  @Benchmark
  @Override
  public Gradient hipparchus() {
    return ViaHipparchus.kronViewSum(in[0], in[1], view);
  }

  @Benchmark
  @Override
  public double finmath() {
    return ViaFinmath.kronViewSum(in[0], in[1], view, finmathBar);
  }

  @Benchmark
  @Override
  public double finiteDifferences() {
    return centralDifferences();
  }
}
