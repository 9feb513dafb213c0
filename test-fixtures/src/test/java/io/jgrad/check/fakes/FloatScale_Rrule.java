package io.jgrad.check.fakes;

final class FloatScale_Rrule {
  private FloatScale_Rrule() {}

  /** aBar: the cotangent of the final a on entry, of the entry a on return. */
  static void scaleAdjoint(float[] a, double[] aBar, double k, double[] scalarBars) {
    for (int i = 0; i < a.length; i++) {
      scalarBars[0] += aBar[i] * a[i];
      aBar[i] *= k;
      a[i] = (float) (a[i] * k);
    }
  }
}
