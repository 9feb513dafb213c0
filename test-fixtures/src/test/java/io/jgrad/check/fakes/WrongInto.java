package io.jgrad.check.fakes;

/** {@code x * y}, whose {@code fInto} stores a tangent that differs from its {@code Dual}'s. */
public final class WrongInto {
  private WrongInto() {}

  static double f(double x, double y) {
    return x * y;
  }
}
