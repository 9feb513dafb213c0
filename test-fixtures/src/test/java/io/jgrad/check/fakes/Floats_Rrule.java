package io.jgrad.check.fakes;

final class Floats_Rrule {
  private Floats_Rrule() {}

  record FGradient(float value, double aBar, double bBar) {}

  static FGradient f(float a, float b) {
    double[] scalarBars = new double[2];
    float value = fAdjoint(a, b, 1, scalarBars);
    return new FGradient(value, scalarBars[0], scalarBars[1]);
  }

  static float fAdjoint(float a, float b, double seed, double[] scalarBars) {
    scalarBars[0] += seed * 2.0 * a * b;
    scalarBars[1] += seed * ((double) a * a + 1);
    return a * a * b + b;
  }
}
