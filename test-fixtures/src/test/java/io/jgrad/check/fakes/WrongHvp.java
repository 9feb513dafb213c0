package io.jgrad.check.fakes;

/** {@code x * x * y}, whose {@code fHvp} is symmetric but wrong (d2f/dy2 taken as 1). */
public final class WrongHvp {
  private WrongHvp() {}

  static double f(double x, double y) {
    return x * x * y;
  }
}
