package io.jgrad.check.fakes;

import io.jgrad.Dual;

final class WrongFunctionObject_Frule {
  private WrongFunctionObject_Frule() {}

  static Dual f(double x, double xDot, double y, double yDot) {
    return new Dual(x * x * y, 2 * x * y * xDot + x * x * yDot);
  }
}
