package io.jgrad.samples;

import io.jgrad.Grad;

/**
 * Mean logistic loss of a linear model {@code w . x + b} on a small, fixed data set.
 *
 * <p>jgrad generates {@code LogisticRegression_Frule} and {@code LogisticRegression_Rrule} from
 * {@link #loss}; the reverse rule gives {@code dLoss/dw} and {@code dLoss/db} in one call.
 *
 * <p>The data set has 12 samples and {@code w.length} (3 in the demo) features. It is generated
 * arithmetically inside the method rather than stored in arrays or fields, because a {@code @Grad}
 * method may only read its own parameters: sample {@code i} has features
 * {@code x[i][j] = sin(1.7 i + 0.9 j + 0.4)} and label {@code y[i] = 1} if {@code i % 3 == 0},
 * else {@code 0}.
 */
public final class LogisticRegression {
  private LogisticRegression() {}

  /**
   * Mean over the samples of {@code log(1 + exp(-m))}, with margin {@code m = (2y - 1)(w . x + b)},
   * computed without overflow for large {@code |m|}.
   */
  @Grad
  public static double loss(double[] w, double b) {
    int n = 12;
    double total = 0;
    for (int i = 0; i < n; i++) {
      double z = b;
      for (int j = 0; j < w.length; j++) {
        double xij = Math.sin(1.7 * i + 0.9 * j + 0.4);
        z += w[j] * xij;
      }
      double y = 0;
      if (i % 3 == 0) {
        y = 1;
      }
      double m = (2 * y - 1) * z;
      if (m > 0) {
        total += Math.log1p(Math.exp(-m));
      } else {
        total += -m + Math.log1p(Math.exp(m));
      }
    }
    return total / n;
  }
}
