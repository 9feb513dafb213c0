package io.jgrad.bench.suite;

import io.jgrad.bench.Column;
import io.jgrad.bench.MatrixRowBenchmark;
import io.jgrad.bench.peers.HandWrittenLstm;
import io.jgrad.bench.rows.Lstm;
import io.jgrad.bench.rows.Lstm_Frule;
import io.jgrad.bench.rows.Lstm_Rrule;
import java.util.EnumSet;
import java.util.Random;
import java.util.Set;
import org.hipparchus.analysis.differentiation.Gradient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Row {@code lstm}: {@link Lstm#loss} with L = 2 layers over C = 1024 characters of B = 7 bits
 * (GradBench's smallest default size; its text's characters are 7-bit ASCII). As in GradBench the
 * parameters and the initial state are uniform on [0, 1); the sequence is 0/1 bits drawn from the
 * row's seed instead of GradBench's text. The gradient is the main parameters (2L x 4B) then the
 * extra parameters (3 x B), 133 entries; the state and the sequence are {@code @NoGrad} data.
 *
 * <p>Left out, so not timed: Hipparchus and finmath (not written for this row yet). Finite
 * differences are checked at the unit test's reduced size.
 */
@State(Scope.Benchmark)
public class LstmBenchmark extends MatrixRowBenchmark {
  /** Above this many compared inputs, finite differences are left out. */
  static final int FD_LIMIT = 200;

  private final int b;
  private final int chars;

  public LstmBenchmark() {
    this(2, 1024, 7);
  }

  /** layers, characters and bits per character (smaller for the unit test). */
  public LstmBenchmark(int layers, int chars, int b) {
    super("lstm", "mainParams,extraParams,state,sequence", 2, new int[] {2 * layers, 4 * b},
        new int[] {3, b}, new int[] {2 * layers, b}, new int[] {chars, b});
    this.b = b;
    this.chars = chars;
    differentiated = 2; // the state and the sequence are @NoGrad
  }

  @Override
  public Set<Column> columns() {
    Set<Column> columns = EnumSet.allOf(Column.class);
    columns.remove(Column.HIPPARCHUS);
    columns.remove(Column.FINMATH);
    if (comparedInputs() > FD_LIMIT || chars > 64) {
      columns.remove(Column.FINITE_DIFFERENCES);
    }
    return columns;
  }

  @Override
  protected void prepare(Random random) {
    super.prepare(random);
    for (int m = 0; m < 3; m++) {
      for (double[] row : in[m]) {
        for (int j = 0; j < row.length; j++) {
          row[j] = random.nextDouble();
        }
      }
    }
    for (double[] row : in[3]) {
      for (int j = 0; j < b; j++) {
        row[j] = random.nextBoolean() ? 1.0 : 0.0;
      }
    }
  }

  @Benchmark
  @Override
  public double primal() {
    return Lstm.loss(in[0], in[1], in[2], in[3]);
  }

  @Benchmark
  @Override
  public double jgradReverse() {
    return Lstm_Rrule.lossGradientInto(in[0], bar[0], in[1], bar[1], in[2], in[3]);
  }

  @Benchmark
  @Override
  public Lstm_Rrule.LossGradient jgradReverseRecord() {
    return Lstm_Rrule.loss(in[0], in[1], in[2], in[3]);
  }

  @Benchmark
  @Override
  public double jgradForward() {
    return Lstm_Frule.lossInto(in[0], dot[0], in[1], dot[1], in[2], in[3], forwardTangent);
  }

  @Benchmark
  @Override
  public double jgradHvp() {
    zeroHvp();
    return Lstm_Rrule.lossHvpAdjoint(in[0], dot[0], bar[0], hvp[0], in[1], dot[1], bar[1],
        hvp[1], in[2], in[3], 1.0);
  }

  @Benchmark
  @Override
  public double handWritten() {
    return HandWrittenLstm.loss(in[0], in[1], in[2], in[3], handBar);
  }

  /** Not measured (see the class comment). */
  @Override
  public Gradient hipparchus() {
    throw new UnsupportedOperationException("lstm: no Hipparchus implementation");
  }

  /** Not measured (see the class comment). */
  @Override
  public double finmath() {
    throw new UnsupportedOperationException("lstm: no finmath implementation");
  }

  /** Measured only at reduced sizes (see the class comment); not a JMH benchmark. */
  @Override
  public double finiteDifferences() {
    return centralDifferences();
  }
}
