package io.jgrad.check.fakes;

/**
 * Correct under the README's contract for mutated arguments: {@code xBar} holds on entry the
 * cotangent of x's final contents (sin of the entry contents) and on return that of its entry
 * contents.
 */
final class InPlace_Rrule {
  private InPlace_Rrule() {}

  record FGradient(double value, double aBar, double[] xBar) {}

  static FGradient f(double a, double[] x) {
    double[] xBar = new double[x.length];
    double[] scalarBars = new double[1];
    double value = fAdjoint(a, x, xBar, 1, scalarBars);
    return new FGradient(value, scalarBars[0], xBar);
  }

  static double fAdjoint(double a, double[] x, double[] xBar, double seed, double[] scalarBars) {
    double[] cosines = new double[x.length];
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      cosines[i] = Math.cos(x[i]);
      x[i] = Math.sin(x[i]);
      s += x[i];
    }
    scalarBars[0] += seed * s;
    double sBar = seed * a;
    for (int i = 0; i < x.length; i++) {
      xBar[i] = cosines[i] * (xBar[i] + sBar);
    }
    return a * s;
  }
}
