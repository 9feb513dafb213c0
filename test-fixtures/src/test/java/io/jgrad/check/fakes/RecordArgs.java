package io.jgrad.check.fakes;

/** Methods (without rules) whose record parameters test the default random arguments. */
public final class RecordArgs {
  private RecordArgs() {}

  public enum Color { RED, GREEN, BLUE }

  /** Every kind of passive component next to a double and a nested record. */
  public record Tagged(
      double w, Color color, String label, boolean flag, long id, char ch, short sh, byte by,
      Shapes.Vec v) {}

  /** A record whose constructor rejects negative values. */
  public record Positive(double v) {
    public Positive {
      if (v < 0) {
        throw new IllegalArgumentException("negative: " + v);
      }
    }
  }

  static double tagged(Tagged t, Shapes.Vec[] vs) {
    return t.w();
  }

  static double positive(Positive p) {
    return p.v();
  }
}
