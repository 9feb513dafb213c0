package io.jgrad.check.fakes;

/** Methods (without rules) whose parameters hold arrays, for layout and generator tests. */
public final class TableArgs {
  private TableArgs() {}

  /** A record holding a record that holds arrays, next to a record of numbers and an array. */
  public record Sheet(Table table, Shapes.Vec v, double[] w) {}

  static double sheet(Sheet s, double[] x) {
    return s.v().x();
  }

  static double table(Table t, double c) {
    return c;
  }

  static double csr(Csr m) {
    return m.scale;
  }
}
