package io.jgrad.check.fakes;

/** {@link Axpy} whose rules do not check for aliasing and are then silently wrong. */
public final class NaiveAxpy {
  private NaiveAxpy() {}

  static void axpy(double a, double[] x, double[] y) {
    Axpy.axpy(a, x, y);
  }
}
