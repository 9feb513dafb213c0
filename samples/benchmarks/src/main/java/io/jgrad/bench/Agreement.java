package io.jgrad.bench;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import org.hipparchus.analysis.differentiation.Gradient;

/**
 * Checks that every implementation of a row computes the same thing before any of them is timed:
 *
 * <ul>
 *   <li>jgrad's value (reverse, reverse record, forward) is bit for bit the primal's;
 *   <li>the low-level reverse call gives the same gradient when called twice (its buffers are zeroed
 *       per call), and the record's gradient equals it;
 *   <li>forward agrees with reverse by the dot-product test: {@code tangent == <gradient, direction>}
 *       to {@link #TOLERANCE}, relative to {@code sum |gradient_i direction_i|};
 *   <li>the hand-written, Hipparchus and finmath values agree with the primal to
 *       {@link #VALUE_TOLERANCE} relative, their gradients with jgrad's to {@link #TOLERANCE}
 *       relative, element by element; finite differences to {@link #FD_TOLERANCE} relative to the
 *       gradient's largest entry.
 * </ul>
 */
public final class Agreement {
  /** Relative tolerance between gradients computed by AD or by hand. */
  public static final double TOLERANCE = 1e-9;
  /** Relative tolerance of the peers' values (they may round differently from the primal). */
  public static final double VALUE_TOLERANCE = 1e-12;
  /** Tolerance of central differences, relative to the gradient's largest entry. */
  public static final double FD_TOLERANCE = 1e-5;

  private Agreement() {}

  /**
   * Draws the row's inputs, runs every implementation once and compares them.
   *
   * @return one line per implementation saying what was checked
   * @throws AssertionError naming the row, implementation and entry that disagree
   */
  public static List<String> check(RowBenchmark row) {
    row.setUp();
    List<String> lines = new ArrayList<>();
    String label = row.label();
    double value = row.primal();

    double reverseValue = row.jgradReverse();
    requireBits(label, "jgrad-rev value", reverseValue, value);
    double[] gradient = row.jgradGradient();
    double again = row.jgradReverse();
    requireBits(label, "jgrad-rev value, second call", again, value);
    double[] gradientAgain = row.jgradGradient();
    for (int i = 0; i < gradient.length; i++) {
      requireBits(label, "jgrad-rev gradient[" + i + "], second call (fGradientInto overwrites its buffers)",
          gradientAgain[i], gradient[i]);
    }
    lines.add("jgrad-rev: value bit for bit, " + gradient.length + " derivatives, repeatable");

    Object record = row.jgradReverseRecord();
    double[] recordGradient = row.recordGradient(record);
    requireBits(label, "jgrad-rev (record) value", recordValue(record), value);
    requireClose(label, "jgrad-rev (record)", recordGradient, gradient, TOLERANCE, 0.0);
    lines.add("jgrad-rev (record): value bit for bit, gradient = jgrad-rev");

    double forwardValue = row.jgradForward();
    requireBits(label, "jgrad-fwd value", forwardValue, value);
    double tangent = row.forwardTangent();
    double[] direction = row.direction();
    double dot = 0.0;
    double scale = 0.0;
    for (int i = 0; i < gradient.length; i++) {
      dot += gradient[i] * direction[i];
      scale += Math.abs(gradient[i] * direction[i]);
    }
    double error = Math.abs(tangent - dot);
    if (!(error <= TOLERANCE * scale)) {
      throw new AssertionError(label + ": jgrad-fwd tangent " + tangent
          + " != <jgrad-rev gradient, direction> " + dot + " (difference " + error
          + ", allowed " + TOLERANCE * scale + ")");
    }
    lines.add(String.format("jgrad-fwd: value bit for bit, tangent = <gradient, direction> (rel %.1e)",
        scale == 0 ? 0.0 : error / scale));

    int n = row.comparedInputs();
    double[] reference = java.util.Arrays.copyOf(gradient, n);
    String compared = n == gradient.length ? "" : " (first " + n + " entries)";
    for (Column column : row.columns()) {
      switch (column) {
        case HAND_WRITTEN -> {
          double v = row.handWritten();
          String how = requireValue(label, "hand-written", v, value);
          requireClose(label, "hand-written", row.handGradient(), reference, TOLERANCE, 0.0);
          lines.add("hand-written: value " + how + ", gradient" + compared + " to 1e-9");
        }
        case HIPPARCHUS -> {
          Gradient result = row.hipparchus();
          String how = requireValue(label, "Hipparchus", result.getValue(), value);
          requireClose(label, "Hipparchus", result.getGradient(), reference, TOLERANCE, 0.0);
          lines.add("Hipparchus: value " + how + ", gradient" + compared + " to 1e-9");
        }
        case FINMATH -> {
          double v = row.finmath();
          String how = requireValue(label, "finmath", v, value);
          requireClose(label, "finmath", row.finmathGradient(), reference, TOLERANCE, 0.0);
          lines.add("finmath: value " + how + ", gradient" + compared + " to 1e-9");
        }
        case JGRAD_HVP -> lines.add(checkHvp(row, value, gradient, direction));
        case FINITE_DIFFERENCES -> {
          row.finiteDifferences();
          double largest = 0.0;
          for (double g : reference) {
            largest = Math.max(largest, Math.abs(g));
          }
          requireClose(label, "FD", row.fdGradient(), reference, FD_TOLERANCE, largest);
          lines.add("FD: gradient" + compared + " to 1e-5 of its largest entry");
        }
        default -> { }
      }
    }
    return lines;
  }

  /**
   * jgrad-hvp: the value bit for bit, the gradient bit for bit jgrad-rev's, and, where the
   * compared inputs are the whole gradient, the Hessian times the direction against central
   * differences of jgrad-rev's gradient along the direction (to {@link #FD_TOLERANCE} of its
   * largest entry) at the first of {@link #HVP_STEPS} where they agree: a step that crosses a
   * kink of the gradient (a relu) gives differences far off; a wrong product agrees at no step.
   */
  private static String checkHvp(RowBenchmark row, double value, double[] gradient,
      double[] direction) {
    String label = row.label();
    requireBits(label, "jgrad-hvp value", row.jgradHvp(), value);
    double[] hvpGradient = row.jgradGradient();
    for (int i = 0; i < gradient.length; i++) {
      requireBits(label, "jgrad-hvp gradient[" + i + "]", hvpGradient[i], gradient[i]);
    }
    double[] product = row.hvpProduct();
    int n = row.comparedInputs();
    if (n != gradient.length) {
      return "jgrad-hvp: value and gradient bit for bit";
    }
    double largestInput = 1.0;
    for (int k = 0; k < n; k++) {
      largestInput = Math.max(largestInput, Math.abs(row.input(k)));
    }
    double[] x = new double[n];
    for (int k = 0; k < n; k++) {
      x[k] = row.input(k);
    }
    double largest = 0.0;
    for (int k = 0; k < n; k++) {
      largest = Math.max(largest, Math.abs(product[k]));
    }
    // a gradient with kinks (simple_mlp's relu) jumps where a step crosses one: differences at
    // the smaller steps must agree then; a wrong product agrees at none
    AssertionError miss = null;
    for (double step : HVP_STEPS) {
      double[] differences = gradientDifferences(row, x, direction, step * largestInput);
      try {
        requireClose(label, "jgrad-hvp (central differences of the gradient)", product,
            differences, FD_TOLERANCE, largest);
        return "jgrad-hvp: value and gradient bit for bit, H.direction = differences of the"
            + " gradient (step " + step + " x the largest input) to 1e-5 of its largest entry";
      } catch (AssertionError e) {
        miss = miss == null ? e : miss;
      }
    }
    throw miss;
  }

  /** Relative steps for the differences of the gradient, largest first. */
  private static final double[] HVP_STEPS = {1e-6, 1e-7, 1e-8, 1e-9};

  /** Central differences of jgrad's gradient along {@code direction}; inputs put back. */
  private static double[] gradientDifferences(RowBenchmark row, double[] x, double[] direction,
      double h) {
    int n = x.length;
    double[][] sides = new double[2][];
    for (int side = 0; side < 2; side++) {
      double t = side == 0 ? h : -h;
      for (int k = 0; k < n; k++) {
        row.setInput(k, x[k] + t * direction[k]);
      }
      row.jgradReverse();
      sides[side] = row.jgradGradient().clone();
    }
    for (int k = 0; k < n; k++) {
      row.setInput(k, x[k]);
    }
    double[] differences = new double[n];
    for (int k = 0; k < n; k++) {
      differences[k] = (sides[0][k] - sides[1][k]) / (2 * h);
    }
    return differences;
  }

  /** The value of a jgrad gradient record (its first component). */
  static double recordValue(Object record) {
    return (Double) component(record, record.getClass().getRecordComponents()[0]);
  }

  /** The derivatives of a jgrad gradient record: every component after the value, in order. */
  static double[] recordGradient(Object record) {
    RecordComponent[] components = record.getClass().getRecordComponents();
    List<Double> values = new ArrayList<>();
    for (int c = 1; c < components.length; c++) {
      Object v = component(record, components[c]);
      if (v instanceof double[] array) {
        for (double d : array) {
          values.add(d);
        }
      } else if (v instanceof double[][] matrix) {
        for (double[] row : matrix) {
          for (double d : row) {
            values.add(d);
          }
        }
      } else {
        values.add((Double) v);
      }
    }
    double[] gradient = new double[values.size()];
    for (int i = 0; i < gradient.length; i++) {
      gradient[i] = values.get(i);
    }
    return gradient;
  }

  private static Object component(Object record, RecordComponent component) {
    try {
      return component.getAccessor().invoke(record);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void requireBits(String row, String what, double actual, double expected) {
    if (Double.doubleToLongBits(actual) != Double.doubleToLongBits(expected)) {
      throw new AssertionError(row + ": " + what + " " + actual + " is not bit for bit " + expected);
    }
  }

  private static String requireValue(String row, String what, double actual, double expected) {
    if (Double.doubleToLongBits(actual) == Double.doubleToLongBits(expected)) {
      return "bit for bit";
    }
    double error = Math.abs(actual - expected);
    if (!(error <= VALUE_TOLERANCE * Math.abs(expected))) {
      throw new AssertionError(row + ": " + what + " value " + actual + " != primal " + expected);
    }
    return String.format("to %.1e", error / Math.abs(expected));
  }

  /** |actual_i - expected_i| <= tolerance * max(|actual_i|, |expected_i|, scale), for every i. */
  private static void requireClose(String row, String what, double[] actual, double[] expected,
      double tolerance, double scale) {
    if (actual.length != expected.length) {
      throw new AssertionError(row + ": " + what + " gives " + actual.length + " derivatives, jgrad "
          + expected.length);
    }
    for (int i = 0; i < actual.length; i++) {
      double bound = tolerance * Math.max(scale, Math.max(Math.abs(actual[i]), Math.abs(expected[i])));
      if (!(Math.abs(actual[i] - expected[i]) <= bound)) {
        throw new AssertionError(row + ": " + what + " gradient[" + i + "] = " + actual[i]
            + ", jgrad-rev says " + expected[i]);
      }
    }
  }
}
