package io.jgrad.check.fakes;

/** {@code f(a, b) = b}, whose forward rule is wrong by a relative {@code 1e-8}. */
public final class SlightlyWrong {
  private SlightlyWrong() {}

  static double f(double a, double b) {
    return b;
  }
}
