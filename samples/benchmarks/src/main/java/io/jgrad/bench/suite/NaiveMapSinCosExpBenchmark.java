package io.jgrad.bench.suite;

import io.jgrad.bench.MatrixRowBenchmark;
import io.jgrad.bench.peers.HandWritten;
import io.jgrad.bench.peers.ViaFinmath;
import io.jgrad.bench.peers.ViaHipparchus;
import io.jgrad.bench.rows.SinCosExp;
import io.jgrad.bench.rows.SinCosExp_Frule;
import io.jgrad.bench.rows.SinCosExp_Rrule;
import org.hipparchus.analysis.differentiation.Gradient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Row {@code naive_map_sin_cos_exp}: {@link SinCosExp#naiveMap}, x 10 x 10. The peers are those of the other two
 * sin-cos-exp rows (the maths is the same).
 */
@State(Scope.Benchmark)
public class NaiveMapSinCosExpBenchmark extends MatrixRowBenchmark {
  public NaiveMapSinCosExpBenchmark() {
    super("naive_map_sin_cos_exp", "x", 1, new int[] {10, 10});
  }

  @Benchmark
  @Override
  public double primal() {
    return SinCosExp.naiveMap(in[0]);
  }

  @Benchmark
  @Override
  public double jgradReverse() {
    return SinCosExp_Rrule.naiveMapGradientInto(in[0], bar[0]);
  }

  @Benchmark
  @Override
  public SinCosExp_Rrule.NaiveMapGradient jgradReverseRecord() {
    return SinCosExp_Rrule.naiveMap(in[0]);
  }

  @Benchmark
  @Override
  public double jgradForward() {
    return SinCosExp_Frule.naiveMapInto(in[0], dot[0], forwardTangent);
  }

  @Benchmark
  @Override
  public double jgradHvp() {
    zeroHvp();
    return SinCosExp_Rrule.naiveMapHvpAdjoint(in[0], dot[0], bar[0], hvp[0], 1.0);
  }

  @Benchmark
  @Override
  public double handWritten() {
    return HandWritten.sinCosExp(in[0], handBar);
  }

  @Benchmark
  @Override
  public Gradient hipparchus() {
    return ViaHipparchus.sinCosExp(in[0]);
  }

  @Benchmark
  @Override
  public double finmath() {
    return ViaFinmath.sinCosExp(in[0], finmathBar);
  }

  @Benchmark
  @Override
  public double finiteDifferences() {
    return centralDifferences();
  }
}
