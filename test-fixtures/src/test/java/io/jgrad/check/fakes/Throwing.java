package io.jgrad.check.fakes;

import java.io.IOException;

/** {@code f(a) = a}, but throws a checked exception for negative {@code a}. */
public final class Throwing {
  private Throwing() {}

  static double f(double a) throws IOException {
    if (a < 0) {
      throw new IOException("a must not be negative: " + a);
    }
    return a;
  }
}
