package io.jgrad.check.fakes;

/** {@code f(a) = log(a)}: NaN for negative {@code a}, where points are skipped. */
public final class Logs {
  private Logs() {}

  static double f(double a) {
    return Math.log(a);
  }
}
