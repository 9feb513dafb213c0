package io.jgrad.bench.suite;

import io.jgrad.bench.Column;
import io.jgrad.bench.Matrices;
import io.jgrad.bench.RowBenchmark;
import io.jgrad.bench.peers.HandWrittenGmm;
import io.jgrad.bench.rows.Gmm;
import io.jgrad.bench.rows.Gmm_Frule;
import io.jgrad.bench.rows.Gmm_Rrule;
import java.util.EnumSet;
import java.util.Random;
import java.util.Set;
import org.hipparchus.analysis.differentiation.Gradient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Row {@code gmm}: {@link Gmm#logPosterior} with D = 10, K = 25, N = 1000, m = 0, gamma = 1 (one of
 * GradBench's default sizes), inputs drawn as GradBench draws them: x, alpha, q and l standard
 * normals, mu uniform on [0, 1). The gradient is alpha (K), mu (K x D), q (K x D), l
 * (K x D(D-1)/2), 1,650 entries; x is {@code @NoGrad} data.
 *
 * <p>Left out at the suite's size, so not timed: Hipparchus (forward mode carrying a 1,650-long
 * derivative array through the ~2 million operations of the primal), finmath (its operator tree
 * of ~2 million nodes per call) and finite differences (3,300 primal calls per gradient). At the
 * unit test's reduced size finite differences are cheap and are checked.
 */
@State(Scope.Benchmark)
public class GmmBenchmark extends RowBenchmark {
  /** Above this many compared inputs, finite differences are left out. */
  static final int FD_LIMIT = 200;

  private final int d;
  private final int k;
  private final int n;
  private final int lsz;

  double[] alpha;
  double[][] mu;
  double[][] q;
  double[][] l;
  double[][] x;
  final double gamma = 1.0;
  final int m = 0;
  double[] alphaDot;
  double[][] muDot;
  double[][] qDot;
  double[][] lDot;
  double[] alphaBar;
  double[][] muBar;
  double[][] qBar;
  double[][] lBar;
  double[] alphaHvp;
  double[][] muHvp;
  double[][] qHvp;
  double[][] lHvp;

  public GmmBenchmark() {
    this(10, 25, 1000);
  }

  /** d dimensions, k components, n points (smaller for the unit test). */
  public GmmBenchmark(int d, int k, int n) {
    super("gmm", "D = " + d + ", K = " + k + ", N = " + n);
    this.d = d;
    this.k = k;
    this.n = n;
    this.lsz = d * (d - 1) / 2;
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

  @Override
  protected void prepare(Random random) {
    x = Matrices.normals(random, n, d);
    alpha = normals(random, k);
    mu = new double[k][d];
    for (double[] row : mu) {
      for (int j = 0; j < d; j++) {
        row[j] = random.nextDouble();
      }
    }
    q = Matrices.normals(random, k, d);
    l = Matrices.normals(random, k, lsz);
    alphaDot = normals(random, k);
    muDot = Matrices.normals(random, k, d);
    qDot = Matrices.normals(random, k, d);
    lDot = Matrices.normals(random, k, lsz);
    alphaBar = new double[k];
    muBar = new double[k][d];
    qBar = new double[k][d];
    lBar = new double[k][lsz];
    alphaHvp = new double[k];
    muHvp = new double[k][d];
    qHvp = new double[k][d];
    lHvp = new double[k][lsz];
  }

  @Benchmark
  @Override
  public double primal() {
    return Gmm.logPosterior(alpha, mu, q, l, x, gamma, m);
  }

  @Benchmark
  @Override
  public double jgradReverse() {
    return Gmm_Rrule.logPosteriorGradientInto(alpha, alphaBar, mu, muBar, q, qBar, l, lBar, x,
        gamma, m);
  }

  @Benchmark
  @Override
  public Gmm_Rrule.LogPosteriorGradient jgradReverseRecord() {
    return Gmm_Rrule.logPosterior(alpha, mu, q, l, x, gamma, m);
  }

  @Benchmark
  @Override
  public double jgradForward() {
    return Gmm_Frule.logPosteriorInto(alpha, alphaDot, mu, muDot, q, qDot, l, lDot, x, gamma, m,
        forwardTangent);
  }

  @Benchmark
  @Override
  public double jgradHvp() {
    java.util.Arrays.fill(alphaBar, 0.0);
    Matrices.zero(muBar);
    Matrices.zero(qBar);
    Matrices.zero(lBar);
    java.util.Arrays.fill(alphaHvp, 0.0);
    Matrices.zero(muHvp);
    Matrices.zero(qHvp);
    Matrices.zero(lHvp);
    return Gmm_Rrule.logPosteriorHvpAdjoint(alpha, alphaDot, alphaBar, alphaHvp, mu, muDot, muBar,
        muHvp, q, qDot, qBar, qHvp, l, lDot, lBar, lHvp, x, gamma, m, 1.0);
  }

  @Override
  public double[] hvpProduct() {
    return concat(alphaHvp, muHvp, qHvp, lHvp);
  }

  @Benchmark
  @Override
  public double handWritten() {
    return HandWrittenGmm.logPosterior(alpha, mu, q, l, x, gamma, m, handBar);
  }

  /** Not measured (see the class comment). */
  @Override
  public Gradient hipparchus() {
    throw new UnsupportedOperationException("gmm: Hipparchus left out (1,650 free parameters)");
  }

  /** Not measured (see the class comment). */
  @Override
  public double finmath() {
    throw new UnsupportedOperationException("gmm: finmath left out (2 million tree nodes)");
  }

  /** Measured only at reduced sizes (see the class comment); not a JMH benchmark. */
  @Override
  public double finiteDifferences() {
    return centralDifferences();
  }

  @Override
  public double[] jgradGradient() {
    return concat(alphaBar, muBar, qBar, lBar);
  }

  @Override
  public double[] direction() {
    return concat(alphaDot, muDot, qDot, lDot);
  }

  private static double[] concat(double[] a, double[][]... matrices) {
    double[] rest = Matrices.flatten(matrices);
    double[] flat = java.util.Arrays.copyOf(a, a.length + rest.length);
    System.arraycopy(rest, 0, flat, a.length, rest.length);
    return flat;
  }

  @Override
  public int comparedInputs() {
    return k + 2 * k * d + k * lsz;
  }

  @Override
  protected double input(int index) {
    return index < k ? alpha[index] : Matrices.get(index - k, mu, q, l);
  }

  @Override
  protected void setInput(int index, double value) {
    if (index < k) {
      alpha[index] = value;
    } else {
      Matrices.set(index - k, value, mu, q, l);
    }
  }
}
