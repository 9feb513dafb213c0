package io.jgrad.check.fakes;

final class Jittery_Rrule {
  private Jittery_Rrule() {}

  record FGradient(double[] value, double aBar, double bBar) {}

  static FGradient f(double a, double b, double[] resultBar) {
    double[] scalarBars = new double[2];
    double[] value = fAdjoint(a, b, resultBar, scalarBars);
    return new FGradient(value, scalarBars[0], scalarBars[1]);
  }

  static double[] fAdjoint(double a, double b, double[] resultBar, double[] scalarBars) {
    scalarBars[0] += resultBar[0] * b + resultBar[1];
    scalarBars[1] += resultBar[0] * (1 + a);
    return Jittery.f(a, b);
  }

  static double[][] fJacobian(double a, double b) {
    return new double[][] {{b, 1 + a}, {1, 0}};
  }
}
