package io.jgrad.bench.rows;

import io.jgrad.Grad;
import io.jgrad.NoGrad;

/**
 * Row {@code simple_mlp}: {@code sum((Y - W2 * relu(W1 * X))^2)} with
 * {@code relu(v) = v * (0 <= v ? 1 : 0)}, W2 128 x 256, W1 256 x 128, Y 128 x 70, X 128 x 70 (columns
 * of X and Y are the batch). The products are written the way row-major Java writes them (i-k-j
 * order: each row of the result is accumulated by axpys over rows of the right factor).
 *
 * <p>Parameters in Mooncake's order {@code (W2, W1, Y, X)}; the targets Y and the inputs X are
 * {@code @NoGrad} data, so jgrad differentiates with respect to W2 and W1, as the hand-written peer
 * does.
 */
public final class SimpleMlp {
  private SimpleMlp() {}

  @Grad
  public static double loss(double[][] w2, double[][] w1, @NoGrad double[][] y,
      @NoGrad double[][] x) {
    int hidden = w1.length;
    int in = x.length;
    int batch = x[0].length;
    int out = w2.length;
    // h = W1 * X
    double[][] h = new double[hidden][batch];
    for (int i = 0; i < hidden; i++) {
      for (int k = 0; k < in; k++) {
        double w = w1[i][k];
        for (int j = 0; j < batch; j++) {
          h[i][j] += w * x[k][j];
        }
      }
    }
    // a = relu(h)
    double[][] a = new double[hidden][batch];
    for (int i = 0; i < hidden; i++) {
      for (int j = 0; j < batch; j++) {
        a[i][j] = h[i][j] * (0 <= h[i][j] ? 1 : 0);
      }
    }
    // z = W2 * a
    double[][] z = new double[out][batch];
    for (int o = 0; o < out; o++) {
      for (int i = 0; i < hidden; i++) {
        double w = w2[o][i];
        for (int j = 0; j < batch; j++) {
          z[o][j] += w * a[i][j];
        }
      }
    }
    // sum((y - z)^2)
    double s = 0.0;
    for (int o = 0; o < out; o++) {
      for (int j = 0; j < batch; j++) {
        double r = y[o][j] - z[o][j];
        s += r * r;
      }
    }
    return s;
  }
}
