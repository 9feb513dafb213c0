package io.jgrad.bench.suite;

import io.jgrad.bench.Column;
import io.jgrad.bench.MatrixRowBenchmark;
import io.jgrad.bench.peers.HandWritten;
import io.jgrad.bench.rows.SimpleMlp;
import io.jgrad.bench.rows.SimpleMlp_Frule;
import io.jgrad.bench.rows.SimpleMlp_Rrule;
import java.util.EnumSet;
import java.util.Set;
import org.hipparchus.analysis.differentiation.Gradient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Row {@code simple_mlp}: {@link SimpleMlp#loss}, W2 128 x 256, W1 256 x 128, Y 128 x 70,
 * X 128 x 70. Y and X are {@code @NoGrad} data: jgrad, like the hand-written peer, computes
 * d/dW2 and d/dW1 (65,536 entries), which is what is compared.
 *
 * <p>Left out at the suite's size, so not timed:
 *
 * <ul>
 *   <li>Hipparchus: forward mode with 65,536 free parameters carries a 65,536-long derivative array
 *       through each of the ~9.2 million operations of the primal: ~6e11 flops and ~4.8 TB
 *       allocated per call (hours);
 *   <li>finmath: ~9.2 million nodes of its operator tree per call, several GB, more than the
 *       benchmark's 2 GB heap;
 *   <li>finite differences: 2 x 65,536 primal calls of a few ms each, several minutes per call.
 * </ul>
 *
 * <p>At the unit test's reduced size finite differences are cheap and are checked.
 */
@State(Scope.Benchmark)
public class SimpleMlpBenchmark extends MatrixRowBenchmark {
  /** Above this many compared inputs, finite differences are left out. */
  static final int FD_LIMIT = 2_000;

  public SimpleMlpBenchmark() {
    this(128, 256, 128, 70);
  }

  /** W2 out x hidden, W1 hidden x in, Y out x batch, X in x batch. */
  public SimpleMlpBenchmark(int out, int hidden, int in, int batch) {
    super("simple_mlp", "W2,W1,Y,X", 2, new int[] {out, hidden}, new int[] {hidden, in},
        new int[] {out, batch}, new int[] {in, batch});
    differentiated = 2; // Y and X are @NoGrad
  }

  @Override
  public Set<Column> columns() {
    Set<Column> columns = EnumSet.allOf(Column.class);
    columns.remove(Column.HIPPARCHUS);
    columns.remove(Column.FINMATH);
    if (comparedInputs() > FD_LIMIT) {
      columns.remove(Column.FINITE_DIFFERENCES);
    }
    return columns;
  }

  @Benchmark
  @Override
  public double primal() {
    return SimpleMlp.loss(in[0], in[1], in[2], in[3]);
  }

  @Benchmark
  @Override
  public double jgradReverse() {
    return SimpleMlp_Rrule.lossGradientInto(in[0], bar[0], in[1], bar[1], in[2], in[3]);
  }

  @Benchmark
  @Override
  public SimpleMlp_Rrule.LossGradient jgradReverseRecord() {
    return SimpleMlp_Rrule.loss(in[0], in[1], in[2], in[3]);
  }

  @Benchmark
  @Override
  public double jgradForward() {
    return SimpleMlp_Frule.lossInto(in[0], dot[0], in[1], dot[1], in[2], in[3], forwardTangent);
  }

  @Benchmark
  @Override
  public double jgradHvp() {
    zeroHvp();
    return SimpleMlp_Rrule.lossHvpAdjoint(in[0], dot[0], bar[0], hvp[0], in[1], dot[1], bar[1],
        hvp[1], in[2], in[3], 1.0);
  }

  @Benchmark
  @Override
  public double handWritten() {
    return HandWritten.simpleMlp(in[0], in[1], in[2], in[3], handBar);
  }

  /** Not measured (see the class comment). */
  @Override
  public Gradient hipparchus() {
    throw new UnsupportedOperationException("simple_mlp: Hipparchus left out (65,536 free parameters)");
  }

  /** Not measured (see the class comment). */
  @Override
  public double finmath() {
    throw new UnsupportedOperationException("simple_mlp: finmath left out (9.2 million tree nodes)");
  }

  /** Measured only at reduced sizes (see the class comment); not a JMH benchmark. */
  @Override
  public double finiteDifferences() {
    return centralDifferences();
  }
}
