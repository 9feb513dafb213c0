package io.jgrad.bench.suite;

import io.jgrad.bench.RowBenchmark;
import java.util.ArrayList;
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
        new KronSumBenchmark(),
        new KronViewSumBenchmark(),
        new NaiveMapSinCosExpBenchmark(),
        new MapSinCosExpBenchmark(),
        new BroadcastSinCosExpBenchmark(),
        new SimpleMlpBenchmark(),
        new GpLmlBenchmark(),
        new LogDensity100kBenchmark(),
        new LargeSingleBlockBenchmark(),
        new LargeSingleBlockLoopBenchmark(),
        new SumCosExp1024Benchmark(),
        new Sum5x1024Benchmark(),
        new NBodyEnergyBenchmark(),
        new GmmBenchmark(),
        new LstmBenchmark());
  }

  /**
   * The same rows for the unit test: the array rows whose peers (Hipparchus, finmath, finite
   * differences) take seconds at the suite's sizes run the same code at reduced sizes; the others
   * are as in {@link #all()}.
   */
  public static List<RowBenchmark> reduced() {
    List<RowBenchmark> rows = new ArrayList<>();
    for (RowBenchmark row : all()) {
      rows.add(switch (row.label()) {
        case "kron_sum" -> new KronSumBenchmark(4, 5);
        case "kron_view_sum" -> new KronViewSumBenchmark(6, 5, 3, 5);
        case "simple_mlp" -> new SimpleMlpBenchmark(4, 6, 5, 3);
        case "gp_lml" -> new GpLmlBenchmark(16);
        case "nbody_energy" -> new NBodyEnergyBenchmark(8, 3);
        case "gmm" -> new GmmBenchmark(3, 4, 12);
        case "lstm" -> new LstmBenchmark(2, 9, 3);
        default -> row;
      });
    }
    return rows;
  }
}
