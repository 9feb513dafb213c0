package io.jgrad.check.fakes;

import io.jgrad.tape.Tapes;

/** Broken: the adjoint pushes onto the thread's tape and never pops. */
final class LeakingTape_Rrule {
  private LeakingTape_Rrule() {}

  record FGradient(double value, double aBar) {}

  static FGradient f(double a) {
    return new FGradient(a * a, 2 * a);
  }

  static double fAdjoint(double a, double seed, double[] scalarBars) {
    Tapes.current().pushDouble(a);
    scalarBars[0] += seed * 2 * a;
    return a * a;
  }
}
