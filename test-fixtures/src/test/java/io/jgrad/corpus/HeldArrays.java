package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * {@code @Grad} methods that write the arrays the objects and records they are passed hold: a
 * Kalman filter updating its state vector and covariance in place, a record's buffer scaled in
 * place, rows of an object's matrix swapped and aliased.
 */
public final class HeldArrays {
  private HeldArrays() {}

  /** A local-level Kalman filter: state x[0] with velocity x[1], covariance p, noises q and r. */
  public static final class Kalman {
    final double[] x;
    final double[][] p;
    final double q;
    final double r;

    public Kalman(double[] x, double[][] p, double q, double r) {
      this.x = x;
      this.p = p;
      this.q = q;
      this.r = r;
    }

    /** Predicts one step of size dt, then updates with z; returns the log-likelihood of z. */
    @Grad
    public double update(double z, double dt) {
      x[0] += dt * x[1];
      double p00 = p[0][0] + dt * (p[0][1] + p[1][0]) + dt * dt * p[1][1] + q;
      double p01 = p[0][1] + dt * p[1][1];
      double p10 = p[1][0] + dt * p[1][1];
      double p11 = p[1][1] + q;
      double s = p00 + r;
      double innovation = z - x[0];
      double k0 = p00 / s;
      double k1 = p10 / s;
      x[0] += k0 * innovation;
      x[1] += k1 * innovation;
      p[0][0] = (1 - k0) * p00;
      p[0][1] = (1 - k0) * p01;
      p[1][0] = p10 - k1 * p00;
      p[1][1] = p11 - k1 * p01;
      return -0.5 * (Math.log(2 * Math.PI * s) + innovation * innovation / s);
    }
  }

  /** The log-likelihood of a series, the filter run in place. */
  @Grad
  public static double logLikelihood(Kalman filter, double[] zs, double dt) {
    double ll = 0.0;
    for (double z : zs) {
      ll += filter.update(z, dt);
    }
    return ll;
  }

  /** A buffer with a weight. */
  public record Buffer(double[] values, double weight) {}

  /** Scales the first value in place. */
  @Grad
  public static double scaleFirst(Buffer b, double a) {
    b.values()[0] *= a;
    return b.values()[0] * b.values()[1] + b.weight();
  }

  /** Scales the first value of the first buffer of an array of them. */
  @Grad
  public static double scaleSamples(double x, Buffer[] s) {
    s[0].values()[0] *= x;
    return x * s[0].weight() + s[0].values()[0] * s[s.length - 1].values()[1];
  }

  private static void normalise(Buffer b) {
    double[] v = b.values();
    v[0] = v[0] / b.weight();
  }

  /** Normalises the buffer in place through a helper. */
  @Grad
  public static double normalised(Buffer b) {
    normalise(b);
    return b.values()[0] * b.values()[1];
  }

  /** A stack of filters with a scale. */
  public record Filters(double[][][] w, double scale) {}

  /** Scales one weight in place, then sums the scaled squares. */
  @Grad
  public static double filterEnergy(Filters f, double x) {
    f.w()[0][0][0] *= x;
    double s = 0.0;
    for (double[][] m : f.w()) {
      for (double[] row : m) {
        for (double v : row) {
          s += v * v * f.scale();
        }
      }
    }
    return s;
  }

  /** A matrix with a bias. */
  public static final class Grid {
    final double[][] w;
    double bias;

    public Grid(double[][] w, double bias) {
      this.w = w;
      this.bias = bias;
    }
  }

  /** Swaps the first two rows, then writes through them. */
  @Grad
  public static double swapRows(Grid g, double a) {
    double[] t = g.w[0];
    g.w[0] = g.w[1];
    g.w[1] = t;
    g.w[0][0] *= a;
    g.bias += a * g.w[1][1];
    return g.w[0][0] + g.w[1][1] * g.bias;
  }

  /** Makes the second row the first one, then writes through it. */
  @Grad
  public static double aliasRows(Grid g, double a) {
    g.w[1] = g.w[0];
    g.w[1][1] *= a;
    return g.w[0][1] + g.w[2][0];
  }

  /** Smooths every entry in place: a void method whose output is the grid. */
  @Grad
  public static void smooth(Grid g, double a) {
    for (int i = 0; i < g.w.length; i++) {
      for (int j = 0; j < g.w[i].length; j++) {
        g.w[i][j] = Math.sin(g.w[i][j] + a * g.bias);
      }
    }
  }
}
