package io.jgrad.check.fakes;

/** {@code f(a) = a * a}, throwing {@link IllegalArgumentException} for {@code a > 1}. */
public final class Guarded {
  private Guarded() {}

  static double f(double a) {
    if (a > 1) {
      throw new IllegalArgumentException("a is too big");
    }
    return a * a;
  }
}
