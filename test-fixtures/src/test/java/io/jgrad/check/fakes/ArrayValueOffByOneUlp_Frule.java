package io.jgrad.check.fakes;

import io.jgrad.DualArray;

/** Broken: the last element of the value is one ulp off. */
final class ArrayValueOffByOneUlp_Frule {
  private ArrayValueOffByOneUlp_Frule() {}

  static DualArray f(double a, double aDot, double[] x, double[] xDot) {
    DualArray correct = ArrayResult_Frule.f(a, aDot, x, xDot);
    double[] value = correct.value();
    value[value.length - 1] = Math.nextUp(value[value.length - 1]);
    return correct;
  }
}
