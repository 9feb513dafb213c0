package io.jgrad.check.fakes;

/** Broken: x is left as it was on entry, not as the primal leaves it. */
final class NotRestoring_Rrule {
  private NotRestoring_Rrule() {}

  static ExpInPlace_Rrule.FGradient f(double[] x) {
    return ExpInPlace_Rrule.f(x.clone());
  }

  static double fAdjoint(double[] x, double[] xBar, double seed) {
    return ExpInPlace_Rrule.fAdjoint(x.clone(), xBar, seed);
  }
}
