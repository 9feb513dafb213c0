package test;

import io.jgrad.Grad;

/** Math functions of scalar parameters, with an int parameter that carries no derivative. */
public final class Scalars {
  private Scalars() {}

  @Grad
  public static double mix(double a, double b, int n) {
    double r = Math.pow(a, n) + Math.atan2(a, b);
    r *= Math.max(a, b);
    double e = Math.exp(-b * b) / Math.sqrt(1.0 + a * a);
    return r + Math.pow(1.0 + e, b) + Math.log(1.0 + a * a);
  }
}
