package test;

import io.jgrad.Grad;

/** Value-dependent control flow: if/else, continue, break and an early return inside a loop. */
public final class Search {
  private Search() {}

  @Grad
  public static double search(double[] x, double t) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      if (x[i] < 0.0) {
        continue;
      }
      if (x[i] > t) {
        return s * x[i];
      }
      if (s > 2.0) {
        s = Math.sqrt(s);
      } else {
        s += Math.sin(x[i]) * t;
      }
      if (s > 10.0) {
        break;
      }
    }
    return s + t;
  }
}
