package io.jgrad.check.fakes;

/** Holds a nested owner class, whose rules are {@code Outer_Inner_Frule} / {@code _Rrule}. */
public final class Outer {
  private Outer() {}

  /** {@code g(a, b) = a * b + exp(a)}, scalars only. */
  public static final class Inner {
    private Inner() {}

    static double g(double a, double b) {
      return a * b + Math.exp(a);
    }
  }
}
