package io.jgrad.check.fakes;

final class Quantized_Rrule {
  private Quantized_Rrule() {}

  record FGradient(float value, double gBar) {}

  static FGradient f(float g) {
    double[] scalarBars = new double[1];
    float value = fAdjoint(g, 1, scalarBars);
    return new FGradient(value, scalarBars[0]);
  }

  static float fAdjoint(float g, double seed, double[] scalarBars) {
    scalarBars[0] += seed;
    return Quantized.f(g);
  }
}
