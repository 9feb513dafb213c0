package io.jgrad.check.fakes;

/** The issue's {@code expInPlace}: overwrites x[n] with exp(x[n]), returns sin(x[0]). */
public final class ExpInPlace {
  private ExpInPlace() {}

  static double f(double[] x) {
    for (int n = 0; n < x.length; n++) {
      x[n] = Math.exp(x[n]);
    }
    return Math.sin(x[0]);
  }
}
