package io.jgrad.check.fakes;

final class ArrayResult_Rrule {
  private ArrayResult_Rrule() {}

  record FGradient(double[] value, double aBar, double[] xBar) {}

  static FGradient f(double a, double[] x, double[] resultBar) {
    double[] xBar = new double[x.length];
    double[] scalarBars = new double[1];
    double[] value = fAdjoint(a, x, xBar, resultBar, scalarBars);
    return new FGradient(value, scalarBars[0], xBar);
  }

  static double[] fAdjoint(
      double a, double[] x, double[] xBar, double[] resultBar, double[] scalarBars) {
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      double e = Math.exp(x[i]);
      y[i] = a * e;
      scalarBars[0] += resultBar[i] * e;
      xBar[i] += resultBar[i] * a * e;
    }
    return y;
  }

  /** Column 0 is a, columns 1..n are x. */
  static double[][] fJacobian(double a, double[] x) {
    double[][] jacobian = new double[x.length][1 + x.length];
    for (int i = 0; i < x.length; i++) {
      double e = Math.exp(x[i]);
      jacobian[i][0] = e;
      jacobian[i][1 + i] = a * e;
    }
    return jacobian;
  }
}
