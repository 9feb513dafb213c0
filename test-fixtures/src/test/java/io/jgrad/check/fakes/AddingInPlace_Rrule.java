package io.jgrad.check.fakes;

/**
 * Broken for a mutated argument: adds seed * gradient into xBar, ignoring that xBar holds on entry
 * the cotangent of x's final contents (right only when that is zero).
 */
final class AddingInPlace_Rrule {
  private AddingInPlace_Rrule() {}

  static ExpInPlace_Rrule.FGradient f(double[] x) {
    return ExpInPlace_Rrule.f(x);
  }

  static double fAdjoint(double[] x, double[] xBar, double seed) {
    for (int n = 0; n < x.length; n++) {
      x[n] = Math.exp(x[n]);
    }
    xBar[0] += seed * Math.cos(x[0]) * x[0];
    return Math.sin(x[0]);
  }
}
