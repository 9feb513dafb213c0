package io.jgrad.bench;

import io.jgrad.bench.suite.ExponentialFitJacobianBenchmark;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Jacobian row ({@link ExponentialFitJacobianBenchmark}): its agreement checks, and its line
 * of the report from JMH's times.
 */
public final class JacobianRow {
  /** Relative tolerance of jgrad's Jacobians against the closed form. */
  public static final double TOLERANCE = 1e-13;

  private JacobianRow() {}

  /**
   * jgrad's Jacobian (vector forward mode) and the one from single-direction forward calls
   * against the closed form written by hand; the two jgrad ones bit for bit equal.
   *
   * @return what was checked
   */
  public static List<String> check(ExponentialFitJacobianBenchmark row) {
    row.setUp();
    double[][] expected = row.handWritten();
    double[][] vector = row.jgradJacobian();
    double[][] columns = row.forwardColumns();
    double scale = Matrices.largest(expected);
    Matrices.requireClose("jacobian: jgrad Jacobian", vector, expected, TOLERANCE * scale);
    Matrices.requireClose("jacobian: forward columns", columns, expected, TOLERANCE * scale);
    for (int i = 0; i < vector.length; i++) {
      for (int j = 0; j < vector[i].length; j++) {
        if (Double.doubleToLongBits(vector[i][j]) != Double.doubleToLongBits(columns[i][j])) {
          throw new AssertionError("jacobian: jgrad Jacobian[" + i + "][" + j + "] = "
              + vector[i][j] + ", the forward call's column " + columns[i][j]);
        }
      }
    }
    List<String> lines = new ArrayList<>();
    lines.add("jgrad Jacobian = closed form to 1e-13 of its largest entry");
    lines.add("= the single-direction forward columns bit for bit");
    return lines;
  }

  /**
   * The report's line for the row from the times per call (microseconds) of
   * {@link ExponentialFitJacobianBenchmark#METHODS}, in that order; a missing time is NaN.
   */
  public static List<String> lines(int parameters, double[] micros) {
    double primal = micros[0];
    return List.of(String.format(Locale.ROOT, "| exponential fit, %d columns | %s | %s | %s |"
        + " %s | %s |", parameters, Results.micros(primal), Results.ratio(micros[1] / primal),
        Results.ratio(micros[2] / primal), Results.ratio(micros[3] / primal),
        Results.ratio(micros[1] / micros[2])));
  }

  /** The header of {@link #lines}. */
  public static String header() {
    return "| Jacobian row | primal (us) | jgrad Jacobian | single-direction forward calls |"
        + " hand-written | Jacobian / forward calls |\n|---|---:|---:|---:|---:|---:|";
  }

  /** The target missed, if it is: the Jacobian in at most 0.5x the forward calls' time. */
  public static String miss(double[] micros) {
    double ratio = micros[1] / micros[2];
    return ratio > 0.5 ? String.format(Locale.ROOT, "jacobian: the Jacobian takes %s x the"
        + " single-direction forward calls' time (target <= 0.5)", Results.ratio(ratio)) : null;
  }
}
