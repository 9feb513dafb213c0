package io.jgrad.check.fakes;

/** {@link ArrayResult} whose forward value differs in one element by one ulp. */
public final class ArrayValueOffByOneUlp {
  private ArrayValueOffByOneUlp() {}

  static double[] f(double a, double[] x) {
    return ArrayResult.f(a, x);
  }
}
