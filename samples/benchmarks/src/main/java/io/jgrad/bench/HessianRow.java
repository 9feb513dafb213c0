package io.jgrad.bench;

import io.jgrad.bench.suite.RosenbrockHessianBenchmark;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Hessian row ({@link RosenbrockHessianBenchmark}): its agreement checks, and its line of the
 * report from JMH's times.
 */
public final class HessianRow {
  /** Relative tolerance of jgrad's Hessian against the hand-derived one and Hipparchus'. */
  public static final double TOLERANCE = 1e-12;

  private HessianRow() {}

  /**
   * jgrad's Hessian against the hand-derived tridiagonal one (and so symmetric), Hipparchus'
   * and the finite differences of the gradient against it, and one Hessian-vector product
   * against the Hessian times the direction.
   *
   * @return what was checked, one line per implementation
   */
  public static List<String> check(RosenbrockHessianBenchmark row) {
    row.setUp();
    double[] x = row.point();
    int n = x.length;
    double[][] expected = new double[n][n];
    for (int k = 0; k < n; k++) {
      if (k + 1 < n) {
        expected[k][k] += 1200 * x[k] * x[k] - 400 * x[k + 1] + 2;
        expected[k][k + 1] = -400 * x[k];
        expected[k + 1][k] = -400 * x[k];
      }
      if (k > 0) {
        expected[k][k] += 200;
      }
    }
    double scale = Matrices.largest(expected);
    List<String> lines = new ArrayList<>();
    Matrices.requireClose("hessian: jgrad Hessian", row.jgradHessian(), expected,
        TOLERANCE * scale);
    lines.add("jgrad Hessian = hand-derived to 1e-12 of its largest entry");
    Matrices.requireClose("hessian: Hipparchus Hessian", row.hipparchus(), expected,
        TOLERANCE * scale);
    lines.add("Hipparchus Hessian = hand-derived to 1e-12");
    Matrices.requireClose("hessian: FD of the gradient", row.finiteDifferences(), expected,
        1e-5 * scale);
    lines.add("FD of the gradient = hand-derived to 1e-5");
    double value = row.jgradHvp();
    if (Double.doubleToLongBits(value) != Double.doubleToLongBits(row.primal())) {
      throw new AssertionError("hessian: jgrad-hvp value " + value + " != primal");
    }
    double[] dir = row.direction();
    double[] product = row.hvpProduct();
    double[][] hv = new double[1][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        hv[0][i] += expected[i][j] * dir[j];
      }
    }
    Matrices.requireClose("hessian: jgrad-hvp", new double[][] {product}, hv,
        TOLERANCE * scale * Matrices.largest(new double[][] {dir}) * n);
    lines.add("jgrad-hvp: value bit for bit, = H.direction");
    return lines;
  }

  /**
   * The report's lines for the row from the times per call (microseconds) of
   * {@link RosenbrockHessianBenchmark#METHODS}, in that order; a missing time is NaN.
   */
  public static List<String> lines(int n, double[] micros) {
    double primal = micros[0];
    double hvp = micros[1];
    List<String> out = new ArrayList<>();
    out.add(String.format(Locale.ROOT, "| rosenbrock n = %d | %s | %s | %s | %s | %s | %s |", n,
        Results.micros(primal), Results.ratio(hvp / primal), Results.ratio(micros[2] / primal),
        Results.ratio(micros[3] / primal), Results.ratio(micros[4] / primal),
        Results.ratio(micros[2] / (n * hvp))));
    return out;
  }

  /** The header of {@link #lines}. */
  public static String header() {
    return "| Hessian row | primal (us) | jgrad-hvp | jgrad Hessian | Hipparchus (DS order 2) |"
        + " FD of jgrad gradient | Hessian / (n HVPs) |\n|---|---:|---:|---:|---:|---:|---:|";
  }

  /** The target missed, if it is: the Hessian in at most 0.7 n HVPs' time. */
  public static String miss(int n, double[] micros) {
    double ratio = micros[2] / (n * micros[1]);
    return ratio > 0.7 ? String.format(Locale.ROOT, "hessian: the dense Hessian takes %s n"
        + " Hessian-vector products' time (target <= 0.7)", Results.ratio(ratio)) : null;
  }
}
