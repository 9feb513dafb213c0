package io.jgrad.check.fakes;

/** Broken: adds k's adjoint but leaves aBar unscaled. */
final class FloatScaleStaleBar_Rrule {
  private FloatScaleStaleBar_Rrule() {}

  static void scaleAdjoint(float[] a, double[] aBar, double k, double[] scalarBars) {
    for (int i = 0; i < a.length; i++) {
      scalarBars[0] += aBar[i] * a[i];
      a[i] = (float) (a[i] * k);
    }
  }
}
