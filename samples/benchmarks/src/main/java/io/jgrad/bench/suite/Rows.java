package io.jgrad.bench.suite;

import io.jgrad.bench.RowBenchmark;
import java.util.List;

/** Every row of the suite, in the order of the report. A new row is a class here plus one line. */
public final class Rows {
  private Rows() {}

  /** Fresh instances (inputs not drawn yet: call {@link RowBenchmark#setUp()}). */
  public static List<RowBenchmark> all() {
    return List.of(
        new Sum1000Benchmark(),
        new SumWhile1000Benchmark(),
        new SumSin1000Benchmark(),
        new SumSinWhile1000Benchmark(),
        new LogDensity100kBenchmark(),
        new LargeSingleBlockBenchmark(),
        new LargeSingleBlockLoopBenchmark(),
        new SumCosExp1024Benchmark(),
        new Sum5x1024Benchmark());
  }
}
