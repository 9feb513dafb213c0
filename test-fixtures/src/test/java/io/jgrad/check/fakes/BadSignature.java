package io.jgrad.check.fakes;

/** A method whose forward rule lacks the tangent parameter. */
public final class BadSignature {
  private BadSignature() {}

  static double f(double a) {
    return a;
  }
}
