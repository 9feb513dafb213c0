package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class WrongInto_Frule {
  private WrongInto_Frule() {}

  static Dual f(double x, double xDot, double y, double yDot) {
    return new Dual(x * y, xDot * y + x * yDot);
  }

  /** Forgets the derivative with respect to y. */
  static double fInto(double x, double xDot, double y, double yDot, double[] tangent) {
    tangent[0] = xDot * y;
    return x * y;
  }
}
