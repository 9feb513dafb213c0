package io.jgrad.check.fakes;

/** {@code f(a) = a < 0 ? -a : 2a}: a kink at 0. */
public final class Kinked {
  private Kinked() {}

  static double f(double a) {
    return a < 0 ? -a : 2 * a;
  }
}
