package test;

import io.jgrad.Grad;

/**
 * A scalar loss used by {@link Model}, and a penalty whose {@code l2GradientInto} writes each
 * element of the gradient once instead of zeroing the buffer.
 */
public final class Losses {
  private Losses() {}

  @Grad
  public static double softplus(double z) {
    return Math.log1p(Math.exp(z));
  }

  @Grad
  public static double l2(double[] w, double lambda) {
    double s = 0.0;
    for (int i = 0; i < w.length; i++) {
      s += w[i] * w[i];
    }
    return lambda * s;
  }
}
