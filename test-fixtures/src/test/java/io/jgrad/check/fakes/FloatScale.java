package io.jgrad.check.fakes;

/** Scales a float array in place by a double gain (a void method: the output is {@code a}). */
public final class FloatScale {
  private FloatScale() {}

  static void scale(float[] a, double k) {
    for (int i = 0; i < a.length; i++) {
      a[i] = (float) (a[i] * k);
    }
  }
}
