package io.jgrad.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.bench.rows.Body;
import io.jgrad.bench.rows.Gmm;
import io.jgrad.bench.rows.GpLml;
import io.jgrad.bench.rows.KronSum;
import io.jgrad.bench.rows.LogDensity100k;
import io.jgrad.bench.rows.Lstm;
import io.jgrad.bench.rows.NBodyEnergy;
import io.jgrad.bench.rows.SimpleMlp;
import io.jgrad.bench.rows.SinCosExp;
import io.jgrad.bench.rows.Vec3;
import io.jgrad.bench.suite.Rows;
import java.util.List;
import java.util.stream.Stream;
import org.hipparchus.linear.CholeskyDecomposition;
import org.hipparchus.linear.LUDecomposition;
import org.hipparchus.linear.MatrixUtils;
import org.hipparchus.linear.RealMatrix;
import org.hipparchus.linear.RealVector;
import org.hipparchus.special.Erf;
import org.hipparchus.special.Gamma;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every implementation of every row agrees with the others (the check the report runs first). */
class AgreementTest {
  @TestFactory
  Stream<DynamicTest> everyImplementationOfEveryRowAgrees() {
    return Rows.reduced().stream().map(row -> DynamicTest.dynamicTest(row.label(), () -> {
      List<String> lines = Agreement.check(row);
      assertEquals(row.columns().size() - 1, lines.size(), String.join("\n", lines));
    }));
  }

  /**
   * At the suite's size, steps of 1e-6 cross relu kinks of simple_mlp's gradient, so the
   * differences checking its Hessian-vector product must come from a smaller step.
   */
  @Test
  void fullSizeSimpleMlpAgreesAcrossReluKinks() {
    io.jgrad.bench.suite.SimpleMlpBenchmark row = new io.jgrad.bench.suite.SimpleMlpBenchmark();
    row.setUp();
    List<String> lines = Agreement.check(row);
    assertEquals(row.columns().size() - 1, lines.size(), String.join("\n", lines));
  }

  /**
   * The custom-rule benchmark's implementations agree: values bit for bit, the gradient through
   * ErfRules with the hand-written one to 1e-14, the tangent with the gradient's dot product.
   */
  @Test
  void customRuleBenchmarkAgrees() {
    io.jgrad.bench.suite.CustomRuleBenchmark b = new io.jgrad.bench.suite.CustomRuleBenchmark();
    b.setUp();
    double primal = b.primal();
    assertEquals(primal, b.jgradReverse(), 0.0);
    double[] jgrad = b.xBar.clone();
    double[] hand = new double[b.x.length];
    assertEquals(primal, io.jgrad.bench.suite.CustomRuleBenchmark.handWritten(b.x, hand), 0.0);
    double dot = 0;
    for (int i = 0; i < hand.length; i++) {
      assertEquals(hand[i], jgrad[i], 1e-14 * Math.max(1, Math.abs(hand[i])), "xBar[" + i + "]");
      dot += hand[i] * b.xDot[i];
    }
    assertEquals(primal, b.jgradForward(), 0.0);
    assertEquals(dot, b.tangent[0], 1e-12 * Math.max(1, Math.abs(dot)));
    assertEquals(primal, b.jgradHvp(), 0.0);
    // H is diagonal: d2/dx2 [x erfc(x)] = -4/sqrt(pi) exp(-x^2) (1 - x^2)
    for (int i = 0; i < hand.length; i++) {
      double x = b.x[i];
      double h = -4 / Math.sqrt(Math.PI) * Math.exp(-x * x) * (1 - x * x);
      assertEquals(h * b.xDot[i], b.xHvp[i], 1e-13 * Math.max(1, Math.abs(h * b.xDot[i])));
    }
  }

  @Test
  void hessianRowAgrees() {
    List<String> lines = HessianRow.check(new io.jgrad.bench.suite.RosenbrockHessianBenchmark());
    assertEquals(4, lines.size(), String.join("\n", lines));
  }

  /** n = 300: fHessian's sweeps of 128, 128 and 44 directions against the hand-derived one. */
  @Test
  void hessianInChunksAgrees() {
    List<String> lines = HessianRow.check(
        new io.jgrad.bench.suite.RosenbrockHessianBenchmark(300));
    assertEquals(4, lines.size(), String.join("\n", lines));
  }

  @Test
  void jacobianRowAgrees() {
    List<String> lines = JacobianRow.check(
        new io.jgrad.bench.suite.ExponentialFitJacobianBenchmark());
    assertEquals(2, lines.size(), String.join("\n", lines));
  }

  /** 300 columns: two full sweeps of 128 directions and one of 44, rows outnumbering columns. */
  @Test
  void jacobianInChunksAgreesWithAPartialLastChunk() {
    List<String> lines = JacobianRow.check(
        new io.jgrad.bench.suite.ExponentialFitJacobianBenchmark(300, 320));
    assertEquals(2, lines.size(), String.join("\n", lines));
  }

  @Test
  void reducedRowsAreTheSuitesRows() {
    assertEquals(Rows.all().stream().map(RowBenchmark::label).toList(),
        Rows.reduced().stream().map(RowBenchmark::label).toList());
  }

  @Test
  void rowLabelsAreUnique() {
    assertEquals(Rows.all().size(), Rows.all().stream().map(RowBenchmark::label).distinct().count());
  }

  @Test
  void logDensityConstantsAreWhatTheySay() {
    double m = LogDensity100k.PRIOR_MEAN;
    double s = LogDensity100k.PRIOR_SD;
    double mass = 0.5 * Erf.erf((LogDensity100k.LO - m) / (s * Math.sqrt(2)),
        (LogDensity100k.HI - m) / (s * Math.sqrt(2)));
    assertEquals(Math.log(mass), LogDensity100k.LOG_Z, 1e-15);
    assertEquals(Math.log(LogDensity100k.HI - LogDensity100k.LO), LogDensity100k.LOG_WIDTH, 1e-15);
    assertEquals(Math.log(s), LogDensity100k.LOG_PRIOR_SD, 1e-15);
    assertEquals(0.5 * Math.log(2 * Math.PI), LogDensity100k.HALF_LOG_2PI, 1e-15);
  }

  @Test
  void logDensityIsTheTuringModelsDensity() {
    // prior terms at theta = 0: mu = sigma = 5.05, logistic(0) = 1/2
    double[] x = {0.5, 2.0, 7.5};
    double mu = LogDensity100k.LO + (LogDensity100k.HI - LogDensity100k.LO) / 2;
    double prior = Math.log(normalDensity(mu, 1.0, 2.0) / Math.exp(LogDensity100k.LOG_Z));
    double jacobian = Math.log((LogDensity100k.HI - LogDensity100k.LO) * 0.25);
    double expected = 2 * (prior + jacobian);
    for (double xi : x) {
      expected += Math.log(normalDensity(Math.log(xi), mu, mu) / xi);
    }
    assertEquals(expected, LogDensity100k.logDensity(0.0, 0.0, x), 1e-12);
  }

  @Test
  void kronSumIsSumTimesSum() {
    java.util.Random random = new java.util.Random(1);
    double[][] a = Matrices.normals(random, 3, 4);
    double[][] b = Matrices.normals(random, 5, 2);
    double sumA = java.util.Arrays.stream(Matrices.flatten(a)).sum();
    double sumB = java.util.Arrays.stream(Matrices.flatten(b)).sum();
    assertEquals(sumA * sumB, KronSum.kronSum(a, b), 1e-12 * Math.abs(sumA * sumB) + 1e-12);
    // the view: leading 2 x 2 block of a, upper triangle of a 5 x 5 b
    double[][] c = Matrices.normals(random, 5, 5);
    double view = a[0][0] + a[0][1] + a[1][0] + a[1][1];
    double upper = 0.0;
    for (int p = 0; p < 5; p++) {
      for (int q = p; q < 5; q++) {
        upper += c[p][q];
      }
    }
    assertEquals(view * upper, KronSum.kronViewSum(a, c, 2), 1e-12 * Math.abs(view * upper) + 1e-12);
  }

  @Test
  void sinCosExpRowsAreTheSameFunction() {
    double[][] x = Matrices.normals(new java.util.Random(2), 10, 10);
    double expected = 0.0;
    for (double[] row : x) {
      for (double v : row) {
        expected += Math.sin(Math.cos(Math.exp(v)));
      }
    }
    assertEquals(expected, SinCosExp.naiveMap(x));
    assertEquals(expected, SinCosExp.map(x));
    assertEquals(expected, SinCosExp.broadcast(x));
  }

  @Test
  void simpleMlpIsTheLoss() {
    java.util.Random random = new java.util.Random(3);
    double[][] w2 = Matrices.normals(random, 4, 6);
    double[][] w1 = Matrices.normals(random, 6, 5);
    double[][] y = Matrices.normals(random, 4, 3);
    double[][] x = Matrices.normals(random, 5, 3);
    RealMatrix h = MatrixUtils.createRealMatrix(w1).multiply(MatrixUtils.createRealMatrix(x));
    RealMatrix a = h.copy();
    a.walkInOptimizedOrder(new org.hipparchus.linear.DefaultRealMatrixChangingVisitor() {
      @Override
      public double visit(int row, int column, double value) {
        return Math.max(value, 0.0);
      }
    });
    RealMatrix r = MatrixUtils.createRealMatrix(y).subtract(MatrixUtils.createRealMatrix(w2).multiply(a));
    double expected = r.getFrobeniusNorm() * r.getFrobeniusNorm();
    assertEquals(expected, SimpleMlp.loss(w2, w1, y, x), 1e-12 * expected);
  }

  @Test
  void gpLmlIsTheLogMarginalLikelihood() {
    int n = 20;
    double[] x = new double[n];
    double[][] c = new double[n][n];
    for (int i = 0; i < n; i++) {
      x[i] = 0.2 * i;
    }
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        c[i][j] = Math.exp(-(x[i] - x[j]) * (x[i] - x[j]) / 2) + (i == j ? 1.0 : 0.0);
      }
    }
    double[] y = Matrices.flatten(Matrices.normals(new java.util.Random(4), 1, n));
    CholeskyDecomposition cholesky = new CholeskyDecomposition(MatrixUtils.createRealMatrix(c));
    RealVector yv = MatrixUtils.createRealVector(y);
    double expected = -0.5 * (n * Math.log(2 * Math.PI) + Math.log(cholesky.getDeterminant())
        + yv.dotProduct(cholesky.getSolver().solve(yv)));
    assertEquals(Math.log(2 * Math.PI), GpLml.LOG_2PI, 1e-15);
    assertEquals(expected, GpLml.lml(x, y, 1.0), 1e-10 * Math.abs(expected));
  }

  @Test
  void nbodyEnergyIsKineticPlusPotentialAndLeapfrogConservesIt() {
    java.util.Random random = new java.util.Random(5);
    int n = 6;
    Body[] bodies = new Body[n];
    for (int i = 0; i < n; i++) {
      bodies[i] = new Body(new Vec3(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()),
          new Vec3(0.3 * random.nextGaussian(), 0.3 * random.nextGaussian(), 0.3 * random.nextGaussian()),
          (0.5 + random.nextDouble()) / n);
    }
    double softening = 0.1;
    double expected = 0.0;
    for (int i = 0; i < n; i++) {
      Vec3 v = bodies[i].velocity();
      expected += 0.5 * bodies[i].mass() * (v.x() * v.x() + v.y() * v.y() + v.z() * v.z());
      for (int j = 0; j < i; j++) {
        Vec3 d = bodies[i].position().minus(bodies[j].position());
        expected -= bodies[i].mass() * bodies[j].mass() / Math.hypot(d.norm(), softening);
      }
    }
    assertEquals(expected, NBodyEnergy.energyAfter(bodies, 0.01, 0, softening),
        1e-12 * Math.abs(expected));
    // symplectic: 50 steps of 0.001 keep the energy to about dt^2
    assertEquals(expected, NBodyEnergy.energyAfter(bodies, 0.001, 50, softening),
        1e-4 * Math.abs(expected));
  }

  /**
   * GradBench's definition taken literally (its naive validator): the product over points of the
   * mixture density with precision matrices Q^T Q, times the product of the Wishart densities of
   * the precision matrices with V = I / gamma^2 and n = D + m + 1, then the logarithm.
   */
  @Test
  void gmmIsTheLogPosterior() {
    java.util.Random random = new java.util.Random(6);
    int d = 3;
    int k = 2;
    int n = 4;
    int m = 1;
    double gamma = 1.3;
    double[][] x = Matrices.normals(random, n, d);
    double[] alpha = Matrices.flatten(Matrices.normals(random, 1, k));
    double[][] mu = Matrices.normals(random, k, d);
    double[][] q = Matrices.normals(random, k, d);
    double[][] l = Matrices.normals(random, k, d * (d - 1) / 2);
    RealMatrix[] precision = new RealMatrix[k];
    for (int c = 0; c < k; c++) {
      RealMatrix factor = MatrixUtils.createRealMatrix(d, d);
      int p = 0;
      for (int col = 0; col < d; col++) {
        factor.setEntry(col, col, Math.exp(q[c][col]));
        for (int row = col + 1; row < d; row++) {
          factor.setEntry(row, col, l[c][p++]);
        }
      }
      precision[c] = factor.transpose().multiply(factor);
    }
    double weights = 0.0;
    for (double a : alpha) {
      weights += Math.exp(a);
    }
    double likelihood = 1.0;
    for (double[] xi : x) {
      double mixture = 0.0;
      for (int c = 0; c < k; c++) {
        RealVector v = MatrixUtils.createRealVector(xi).subtract(MatrixUtils.createRealVector(mu[c]));
        double det = new LUDecomposition(precision[c]).getDeterminant();
        double density = Math.exp(-0.5 * v.dotProduct(precision[c].operate(v)))
            / Math.sqrt(Math.pow(2 * Math.PI, d) / det);
        mixture += Math.exp(alpha[c]) / weights * density;
      }
      likelihood *= mixture;
    }
    int dof = d + m + 1;
    double multiGamma = Math.pow(Math.PI, d * (d - 1) / 4.0);
    for (int j = 1; j <= d; j++) {
      multiGamma *= Gamma.gamma(dof / 2.0 + (1 - j) / 2.0);
    }
    double prior = 1.0;
    for (int c = 0; c < k; c++) {
      double det = new LUDecomposition(precision[c]).getDeterminant();
      double trace = gamma * gamma * precision[c].getTrace(); // tr(V^-1 X), V = I / gamma^2
      double detV = Math.pow(gamma, -2.0 * d);
      prior *= Math.pow(det, (dof - d - 1) / 2.0) * Math.exp(-trace / 2)
          / (Math.pow(2, dof * d / 2.0) * Math.pow(detV, dof / 2.0) * multiGamma);
    }
    double expected = Math.log(likelihood * prior);
    assertEquals(Math.log(2 * Math.PI) / 2, Gmm.HALF_LOG_2PI, 1e-15);
    assertEquals(expected, Gmm.logPosterior(alpha, mu, q, l, x, gamma, m),
        1e-10 * Math.abs(expected));
  }

  /** One layer, one unit, two characters, from the LSTM equations by hand; the state is kept. */
  @Test
  void lstmIsTheLoss() {
    double wf = 0.3;
    double wi = -0.2;
    double wo = 0.7;
    double wc = 0.5;
    double bf = 0.1;
    double bi = 0.4;
    double bo = -0.3;
    double bc = 0.2;
    double inWeight = 0.9;
    double outWeight = 1.1;
    double outBias = -0.4;
    double h = 0.6;
    double c = -0.8;
    double x0 = 1.0;
    double x1 = 1.0;
    double input = x0 * inWeight;
    double forget = 1 / (1 + Math.exp(-(input * wf + bf)));
    double ingate = 1 / (1 + Math.exp(-(h * wi + bi)));
    double outgate = 1 / (1 + Math.exp(-(input * wo + bo)));
    double change = Math.tanh(h * wc + bc);
    double cell = c * forget + ingate * change;
    double hidden = outgate * Math.tanh(cell);
    double y = hidden * outWeight + outBias;
    double expected = -(x1 * (y - Math.log(Math.exp(y) + 2)));
    double[][] state = {{h}, {c}};
    double actual = Lstm.loss(new double[][] {{wf, wi, wo, wc}, {bf, bi, bo, bc}},
        new double[][] {{inWeight}, {outWeight}, {outBias}}, state, new double[][] {{x0}, {x1}});
    assertEquals(expected, actual, 1e-15);
    assertEquals(h, state[0][0]);
    assertEquals(c, state[1][0]);
  }

  private static double normalDensity(double v, double mean, double sd) {
    double z = (v - mean) / sd;
    return Math.exp(-0.5 * z * z) / (sd * Math.sqrt(2 * Math.PI));
  }

  @Test
  void reportWritesTableJsonAndChart() {
    Results results = new Results("quick", new java.util.LinkedHashMap<>(java.util.Map.of(
        "date", "2026-01-01")));
    Results.Row row = new Results.Row("sum_1000", "x: 1000", 1000, List.of("ok"));
    row.put(Column.PRIMAL, new Results.Measurement(1.0, 0.01, 0));
    row.put(Column.JGRAD_REVERSE, new Results.Measurement(2.5, 0.01, 0));
    row.put(Column.JGRAD_FORWARD, new Results.Measurement(1.2, 0.01, 24));
    row.put(Column.HAND_WRITTEN, new Results.Measurement(2.0, 0.01, 0));
    row.put(Column.HIPPARCHUS, new Results.Measurement(5000.0, 1, 8e6));
    results.add(row);
    String table = results.table();
    assertTrue(table.contains("| sum_1000 | 1.000 | 2.50 | - | 1.20 | - | 2.00 | 5,000 | - | - | 1.25 | 0 | 24 |"),
        table);
    List<String> misses = results.misses();
    assertTrue(misses.contains("sum_1000: jgrad-rev is 1.25x hand-written (target <= 1.2)"), misses.toString());
    assertTrue(misses.contains("sum_1000: jgrad-fwd allocates 24 bytes per call (target 0)"), misses.toString());
    String json = ResultsJson.write(results);
    assertTrue(json.contains("\"jgradReverse\": {\"title\": \"jgrad-rev\", \"microsPerCall\": 2.50000"), json);
    String svg = RatioChart.write(results, "t");
    assertTrue(svg.startsWith("<svg") && svg.trim().endsWith("</svg>"), svg);
    assertEquals(4, svg.split("<title>").length - 1, svg);
  }
}
