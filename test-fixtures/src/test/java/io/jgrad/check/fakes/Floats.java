package io.jgrad.check.fakes;

/** {@code f(a, b) = a * a * b + b} in float arithmetic. */
public final class Floats {
  private Floats() {}

  static float f(float a, float b) {
    return a * a * b + b;
  }
}
