package io.jgrad.check.fakes;

final class ArrayValueOffByOneUlp_Rrule {
  private ArrayValueOffByOneUlp_Rrule() {}

  static ArrayResult_Rrule.FGradient f(double a, double[] x, double[] resultBar) {
    return ArrayResult_Rrule.f(a, x, resultBar);
  }

  static double[] fAdjoint(
      double a, double[] x, double[] xBar, double[] resultBar, double[] scalarBars) {
    return ArrayResult_Rrule.fAdjoint(a, x, xBar, resultBar, scalarBars);
  }

  static double[][] fJacobian(double a, double[] x) {
    return ArrayResult_Rrule.fJacobian(a, x);
  }
}
