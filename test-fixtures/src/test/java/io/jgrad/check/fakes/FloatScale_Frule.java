package io.jgrad.check.fakes;

final class FloatScale_Frule {
  private FloatScale_Frule() {}

  static void scale(float[] a, double[] aDot, double k, double kDot) {
    for (int i = 0; i < a.length; i++) {
      aDot[i] = aDot[i] * k + a[i] * kDot;
      a[i] = (float) (a[i] * k);
    }
  }
}
