package io.jgrad.bench;

/**
 * The implementations measured for every row, in the order of the report's columns. Each is a
 * method of {@link RowBenchmark} of the same name, annotated {@code @Benchmark} in the row's class.
 */
public enum Column {
  /** The function alone: the denominator of every ratio. */
  PRIMAL("primal", "primal"),
  /** jgrad reverse, low level: the gradient written into caller-owned buffers, fGradientInto. */
  JGRAD_REVERSE("jgradReverse", "jgrad-rev"),
  /** jgrad reverse, convenience: {@code Foo_Rrule.f(...)} returning a record with a new gradient. */
  JGRAD_REVERSE_RECORD("jgradReverseRecord", "jgrad-rev (record)"),
  /** jgrad forward: value and one directional derivative. */
  JGRAD_FORWARD("jgradForward", "jgrad-fwd"),
  /**
   * jgrad second order, low level: value, gradient and the Hessian times the forward direction
   * ({@code fHvpAdjoint}, forward over reverse), buffers zeroed.
   */
  JGRAD_HVP("jgradHvp", "jgrad-hvp"),
  /** Value and gradient written by hand, as an expert would: the limit. */
  HAND_WRITTEN("handWritten", "hand-written"),
  /** Hipparchus forward mode ({@code Gradient} with one free parameter per input). */
  HIPPARCHUS("hipparchus", "Hipparchus"),
  /** finmath-lib AAD reverse mode on size-1 random variables. */
  FINMATH("finmath", "finmath"),
  /** Central finite differences: two primal calls per input. */
  FINITE_DIFFERENCES("finiteDifferences", "FD");

  private final String method;
  private final String title;

  Column(String method, String title) {
    this.method = method;
    this.title = title;
  }

  /** The name of the benchmark method, as JMH reports it. */
  public String method() {
    return method;
  }

  /** The column heading in the report. */
  public String title() {
    return title;
  }

  /** The column whose benchmark method is {@code method}, or null. */
  public static Column ofMethod(String method) {
    for (Column column : values()) {
      if (column.method.equals(method)) {
        return column;
      }
    }
    return null;
  }
}
