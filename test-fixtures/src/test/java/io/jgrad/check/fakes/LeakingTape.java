package io.jgrad.check.fakes;

/** {@code f(a) = a * a}. */
public final class LeakingTape {
  private LeakingTape() {}

  static double f(double a) {
    return a * a;
  }
}
