package io.jgrad.check.fakes;

/** {@link FloatScale} whose adjoint leaves aBar as the cotangent of the final contents. */
public final class FloatScaleStaleBar {
  private FloatScaleStaleBar() {}

  static void scale(float[] a, double k) {
    FloatScale.scale(a, k);
  }
}
