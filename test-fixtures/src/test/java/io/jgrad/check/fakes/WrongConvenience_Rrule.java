package io.jgrad.check.fakes;

/** Broken: the low-level adjoint is right but the convenience method doubles aBar. */
final class WrongConvenience_Rrule {
  private WrongConvenience_Rrule() {}

  static Sines_Rrule.FGradient f(double a, double[] x, int n) {
    Sines_Rrule.FGradient correct = Sines_Rrule.f(a, x, n);
    return new Sines_Rrule.FGradient(correct.value(), 2 * correct.aBar(), correct.xBar());
  }

  static double fAdjoint(
      double a, double[] x, double[] xBar, int n, double seed, double[] scalarBars) {
    return Sines_Rrule.fAdjoint(a, x, xBar, n, seed, scalarBars);
  }
}
