package io.jgrad.check.fakes;

/** Broken: the columns of the Jacobian are x first, then a. */
final class WrongJacobian_Rrule {
  private WrongJacobian_Rrule() {}

  static ArrayResult_Rrule.FGradient f(double a, double[] x, double[] resultBar) {
    return ArrayResult_Rrule.f(a, x, resultBar);
  }

  static double[] fAdjoint(
      double a, double[] x, double[] xBar, double[] resultBar, double[] scalarBars) {
    return ArrayResult_Rrule.fAdjoint(a, x, xBar, resultBar, scalarBars);
  }

  static double[][] fJacobian(double a, double[] x) {
    double[][] jacobian = new double[x.length][1 + x.length];
    for (int i = 0; i < x.length; i++) {
      double e = Math.exp(x[i]);
      jacobian[i][x.length] = e;
      jacobian[i][i] = a * e;
    }
    return jacobian;
  }
}
