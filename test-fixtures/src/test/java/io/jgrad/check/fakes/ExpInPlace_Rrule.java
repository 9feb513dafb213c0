package io.jgrad.check.fakes;

/** Correct: on entry xBar is the cotangent of the final x = exp(x0); on return that of x0. */
final class ExpInPlace_Rrule {
  private ExpInPlace_Rrule() {}

  record FGradient(double value, double[] xBar) {}

  static FGradient f(double[] x) {
    double[] xBar = new double[x.length];
    double value = fAdjoint(x, xBar, 1);
    return new FGradient(value, xBar);
  }

  static double fAdjoint(double[] x, double[] xBar, double seed) {
    for (int n = 0; n < x.length; n++) {
      x[n] = Math.exp(x[n]);
    }
    double y = Math.sin(x[0]);
    xBar[0] += seed * Math.cos(x[0]);
    for (int n = x.length - 1; n >= 0; n--) {
      xBar[n] *= x[n];
    }
    return y;
  }
}
