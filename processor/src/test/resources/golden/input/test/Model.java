package test;

import io.jgrad.Grad;

/** A linear model whose loss calls a {@code @Grad} method of another class. */
public final class Model {
  private Model() {}

  @Grad
  public static double loss(double[] w, double[] x, double y) {
    double z = 0.0;
    for (int i = 0; i < w.length; i++) {
      z += w[i] * x[i];
    }
    return Losses.softplus(-y * z);
  }
}
