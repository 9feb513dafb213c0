package io.jgrad.check.fakes;

final class FloatScaleStaleBar_Frule {
  private FloatScaleStaleBar_Frule() {}

  static void scale(float[] a, double[] aDot, double k, double kDot) {
    FloatScale_Frule.scale(a, aDot, k, kDot);
  }
}
