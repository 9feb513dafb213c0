package io.jgrad.check.fakes;

/** Broken: returns a * a also where the primal throws. */
final class GuardedNotThrowing_Rrule {
  private GuardedNotThrowing_Rrule() {}

  static Guarded_Rrule.FGradient f(double a) {
    return new Guarded_Rrule.FGradient(a * a, 2 * a);
  }

  static double fAdjoint(double a, double seed, double[] scalarBars) {
    scalarBars[0] += seed * 2 * a;
    return a * a;
  }
}
