package io.jgrad.check.fakes;

import io.jgrad.Dual;

/** Broken: {@code f(double)} instead of {@code f(double, double)}. */
final class BadSignature_Frule {
  private BadSignature_Frule() {}

  static Dual f(double a) {
    return new Dual(a, 1);
  }
}
