package test;

import io.jgrad.Grad;
import io.jgrad.NoGrad;

/**
 * The {@code simple_mlp} row of {@code samples/benchmarks} ({@code io.jgrad.bench.rows.SimpleMlp}),
 * as written there: its reverse rule is pinned to read like the hand-written adjoint beside it.
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
