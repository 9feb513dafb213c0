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
 * Row {@code kron_sum}: {@link KronSum#kronSum}, A 20 x 20, B 40 x 40 (the 800 x 800 product is
 * materialised by the primal and by every jgrad rule). Hipparchus and finmath sum the products as
 * they form them (see {@link ViaHipparchus#kronSum}); the hand-written peer computes the primal and
 * the gradient in closed form (d/dA = sum(B), d/dB = sum(A)).
 */
@State(Scope.Benchmark)
public class KronSumBenchmark extends MatrixRowBenchmark {
  public KronSumBenchmark() {
    this(20, 40);
  }

  /** A n x n, B m x m (smaller sizes for the unit test). */
  public KronSumBenchmark(int n, int m) {
    super("kron_sum", "A,B", 2, new int[] {n, n}, new int[] {m, m});
  }

  @Benchmark
  @Override
  public double primal() {
    return KronSum.kronSum(in[0], in[1]);
  }

  @Benchmark
  @Override
  public double jgradReverse() {
    return KronSum_Rrule.kronSumGradientInto(in[0], bar[0], in[1], bar[1]);
  }

  @Benchmark
  @Override
  public KronSum_Rrule.KronSumGradient jgradReverseRecord() {
    return KronSum_Rrule.kronSum(in[0], in[1]);
  }

  @Benchmark
  @Override
  public double jgradForward() {
    return KronSum_Frule.kronSumInto(in[0], dot[0], in[1], dot[1], forwardTangent);
  }

  @Benchmark
  @Override
  public double jgradHvp() {
    zeroHvp();
    return KronSum_Rrule.kronSumHvpAdjoint(in[0], dot[0], bar[0], hvp[0], in[1], dot[1], bar[1],
        hvp[1], 1.0);
  }

  @Benchmark
  @Override
  public double handWritten() {
    return HandWritten.kronSum(in[0], in[1], handBar);
  }

  @Benchmark
  @Override
  public Gradient hipparchus() {
    return ViaHipparchus.kronSum(in[0], in[1]);
  }

  @Benchmark
  @Override
  public double finmath() {
    return ViaFinmath.kronSum(in[0], in[1], finmathBar);
  }

  @Benchmark
  @Override
  public double finiteDifferences() {
    return centralDifferences();
  }
}
