package io.jgrad.check.fakes;

/** {@code x * x * y} with a correct {@code fHvp}: the second-order check passes. */
public final class RightHvp {
  private RightHvp() {}

  static double f(double x, double y) {
    return x * x * y;
  }
}
