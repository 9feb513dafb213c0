package io.jgrad.check.fakes;

/** Broken: every output's cotangent is taken to be resultBar[0]. */
final class WrongResultAdjoint_Rrule {
  private WrongResultAdjoint_Rrule() {}

  static ArrayResult_Rrule.FGradient f(double a, double[] x, double[] resultBar) {
    double[] xBar = new double[x.length];
    double[] scalarBars = new double[1];
    double[] value = fAdjoint(a, x, xBar, resultBar, scalarBars);
    return new ArrayResult_Rrule.FGradient(value, scalarBars[0], xBar);
  }

  static double[] fAdjoint(
      double a, double[] x, double[] xBar, double[] resultBar, double[] scalarBars) {
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      double e = Math.exp(x[i]);
      y[i] = a * e;
      scalarBars[0] += resultBar[0] * e;
      xBar[i] += resultBar[0] * a * e;
    }
    return y;
  }

  static double[][] fJacobian(double a, double[] x) {
    return ArrayResult_Rrule.fJacobian(a, x);
  }
}
