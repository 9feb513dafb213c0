package test;

import io.jgrad.Grad;

/** Issue 3's softmax: an array result, a local array written in place, enhanced for. */
public final class Softmax {
  private Softmax() {}

  @Grad
  public static double[] softmax(double[] z) {
    double m = Double.NEGATIVE_INFINITY;
    for (double v : z) {
      m = Math.max(m, v);
    }
    double[] e = new double[z.length];
    double s = 0;
    for (int i = 0; i < z.length; i++) {
      e[i] = Math.exp(z[i] - m);
      s += e[i];
    }
    for (int i = 0; i < e.length; i++) {
      e[i] /= s;
    }
    return e;
  }
}
