package io.jgrad.bench.suite;

import io.jgrad.bench.RowBenchmark;
import io.jgrad.bench.peers.HandWritten;
import io.jgrad.bench.peers.ViaFinmath;
import io.jgrad.bench.peers.ViaHipparchus;
import io.jgrad.bench.rows.GpLml;
import io.jgrad.bench.rows.GpLml_Frule;
import io.jgrad.bench.rows.GpLml_Rrule;
import java.util.Arrays;
import java.util.Random;
import org.hipparchus.analysis.differentiation.Gradient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Row {@code gp_lml}: {@link GpLml#lml} at x = 0, 0.2, ..., 25.4 (128 points), y 128 standard
 * normals, s = 1.0. The gradient is x (128), y (128), s, in that order; every implementation computes
 * all of it.
 */
@State(Scope.Benchmark)
public class GpLmlBenchmark extends RowBenchmark {
  private final int n;

  double[] x;
  double[] y;
  double s;
  double[] xDot;
  double[] yDot;
  double sDot;
  double[] xBar;
  double[] yBar;
  double[] scalarBars;
  double[] xHvp;
  double[] yHvp;
  double[] scalarHvps;

  public GpLmlBenchmark() {
    this(128);
  }

  /** n points (a smaller n for the unit test). */
  public GpLmlBenchmark(int n) {
    super("gp_lml", "x = 0, 0.2, ... (" + n + " points), y: " + n + ", s = 1.0");
    this.n = n;
  }

  @Override
  protected void prepare(Random random) {
    x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = 0.2 * i;
    }
    y = normals(random, n);
    s = 1.0;
    xDot = normals(random, n);
    yDot = normals(random, n);
    sDot = random.nextGaussian();
    xBar = new double[n];
    yBar = new double[n];
    scalarBars = new double[1];
    xHvp = new double[n];
    yHvp = new double[n];
    scalarHvps = new double[1];
  }

  @Benchmark
  @Override
  public double primal() {
    return GpLml.lml(x, y, s);
  }

  @Benchmark
  @Override
  public double jgradReverse() {
    return GpLml_Rrule.lmlGradientInto(x, xBar, y, yBar, s, scalarBars);
  }

  @Benchmark
  @Override
  public GpLml_Rrule.LmlGradient jgradReverseRecord() {
    return GpLml_Rrule.lml(x, y, s);
  }

  @Benchmark
  @Override
  public double jgradForward() {
    return GpLml_Frule.lmlInto(x, xDot, y, yDot, s, sDot, forwardTangent);
  }

  @Benchmark
  @Override
  public double jgradHvp() {
    Arrays.fill(xBar, 0.0);
    Arrays.fill(yBar, 0.0);
    scalarBars[0] = 0.0;
    Arrays.fill(xHvp, 0.0);
    Arrays.fill(yHvp, 0.0);
    scalarHvps[0] = 0.0;
    return GpLml_Rrule.lmlHvpAdjoint(x, xDot, xBar, xHvp, y, yDot, yBar, yHvp, s, sDot, 1.0,
        scalarBars, scalarHvps);
  }

  @Override
  public double[] hvpProduct() {
    double[] h = new double[2 * n + 1];
    System.arraycopy(xHvp, 0, h, 0, n);
    System.arraycopy(yHvp, 0, h, n, n);
    h[2 * n] = scalarHvps[0];
    return h;
  }

  @Benchmark
  @Override
  public double handWritten() {
    return HandWritten.gpLml(x, y, s, handBar);
  }

  @Benchmark
  @Override
  public Gradient hipparchus() {
    return ViaHipparchus.gpLml(x, y, s);
  }

  @Benchmark
  @Override
  public double finmath() {
    return ViaFinmath.gpLml(x, y, s, finmathBar);
  }

  @Benchmark
  @Override
  public double finiteDifferences() {
    return centralDifferences();
  }

  @Override
  public double[] jgradGradient() {
    double[] g = new double[2 * n + 1];
    System.arraycopy(xBar, 0, g, 0, n);
    System.arraycopy(yBar, 0, g, n, n);
    g[2 * n] = scalarBars[0];
    return g;
  }

  @Override
  public double[] direction() {
    double[] d = new double[2 * n + 1];
    System.arraycopy(xDot, 0, d, 0, n);
    System.arraycopy(yDot, 0, d, n, n);
    d[2 * n] = sDot;
    return d;
  }

  @Override
  public int comparedInputs() {
    return 2 * n + 1;
  }

  @Override
  protected double input(int k) {
    return k < n ? x[k] : k < 2 * n ? y[k - n] : s;
  }

  @Override
  protected void setInput(int k, double value) {
    if (k < n) {
      x[k] = value;
    } else if (k < 2 * n) {
      y[k - n] = value;
    } else {
      s = value;
    }
  }
}
