package io.jgrad.check.fakes;

/** {@code x * x * y}, whose function object lays its gradient out in the wrong order. */
public final class WrongFunctionObject {
  private WrongFunctionObject() {}

  static double f(double x, double y) {
    return x * x * y;
  }
}
