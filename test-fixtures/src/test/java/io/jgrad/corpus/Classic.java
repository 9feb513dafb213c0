package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Classic objectives: Rosenbrock, Himmelblau, logistic regression and ridge regression over
 * datasets generated inside the method, sum(cos(exp(x))), softplus sums, a Gaussian
 * log-likelihood, log-sum-exp and softmax cross-entropy, Newton's method for sqrt with a
 * value-dependent trip count, an explicit Euler pendulum, arc length, and a tiny neural network.
 */
public final class Classic {
  private Classic() {}

  @Grad
  public static double rosenbrock(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length - 1; i++) {
      double a = 1.0 - x[i];
      double b = x[i + 1] - x[i] * x[i];
      s += a * a + 100.0 * b * b;
    }
    return s;
  }

  @Grad
  public static double himmelblau(double x, double y) {
    double a = x * x + y - 11.0;
    double b = x + y * y - 7.0;
    return a * a + b * b;
  }

  /**
   * Mean logistic loss of weights w (w[0] is the bias) over 24 examples whose features and labels
   * are computed from the example index; numerically stable softplus(-margin).
   */
  @Grad
  public static double logisticLoss(double[] w) {
    int n = 24;
    double loss = 0.0;
    for (int i = 0; i < n; i++) {
      double z = w[0];
      for (int j = 1; j < w.length; j++) {
        double feature = Math.sin(0.37 * (i + 1) * j + 0.5 * j);
        z += w[j] * feature;
      }
      double label = ((i * 7) % 5 < 2) ? 1.0 : -1.0;
      double m = label * z;
      loss += Math.max(-m, 0.0) + Math.log1p(Math.exp(-Math.abs(m)));
    }
    return loss / n;
  }

  /** Least-squares polynomial fit of sin(3t) plus ridge penalty lambda * |w|^2. */
  @Grad
  public static double ridgeRegression(double[] w, double lambda) {
    double loss = 0.0;
    for (int i = 0; i < 20; i++) {
      double t = i / 19.0;
      double pred = 0.0;
      double basis = 1.0;
      for (int j = 0; j < w.length; j++) {
        pred += w[j] * basis;
        basis *= t;
      }
      double target = Math.sin(3.0 * t) + 0.1 * Math.cos(17.0 * i);
      double r = pred - target;
      loss += r * r;
    }
    double reg = 0.0;
    for (int j = 0; j < w.length; j++) {
      reg += w[j] * w[j];
    }
    return loss / 20 + lambda * reg;
  }

  /** The benchmark kernel. */
  @Grad
  public static double sumCosExp(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += Math.cos(Math.exp(x[i]));
    }
    return s;
  }

  @Grad
  public static double softplusSum(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += Math.log1p(Math.exp(x[i]));
    }
    return s;
  }

  /** Log-likelihood of x under N(mu, exp(logSigma)^2). */
  @Grad
  public static double gaussianLogLikelihood(double mu, double logSigma, double[] x) {
    double sigma = Math.exp(logSigma);
    double n = x.length;
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      double z = (x[i] - mu) / sigma;
      s += z * z;
    }
    return -0.5 * n * Math.log(2.0 * 3.141592653589793) - n * logSigma - 0.5 * s;
  }

  /** log(sum(exp(z))) shifted by the running maximum (found with value-dependent ifs). */
  @Grad
  public static double logSumExp(double[] z) {
    double m = z[0];
    for (int i = 1; i < z.length; i++) {
      if (z[i] > m) {
        m = z[i];
      }
    }
    double s = 0.0;
    for (int i = 0; i < z.length; i++) {
      s += Math.exp(z[i] - m);
    }
    return m + Math.log(s);
  }

  @Grad
  public static double softmaxCrossEntropy(double[] z, int label) {
    return logSumExp(z) - z[label];
  }

  /**
   * sqrt(a) by Newton's method; the number of iterations depends on a. Stops once an update moves
   * y by at most 1e-12 relative, so the derivative has converged too.
   */
  @Grad
  public static double newtonSqrt(double a) {
    double y = 0.5 * (1.0 + a);
    double previous;
    int k = 0;
    do {
      previous = y;
      y = 0.5 * (y + a / y);
      k++;
    } while (Math.abs(y - previous) > 1e-12 * y && k < 100);
    return y;
  }

  /** Explicit Euler integration of a damped pendulum; returns an energy-like quantity. */
  @Grad
  public static double pendulumEuler(double theta0, double omega0, int steps) {
    double theta = theta0;
    double omega = omega0;
    double dt = 0.01;
    for (int k = 0; k < steps; k++) {
      double acceleration = -9.81 * Math.sin(theta) - 0.1 * omega;
      theta += dt * omega;
      omega += dt * acceleration;
    }
    return 0.5 * omega * omega + 9.81 * (1.0 - Math.cos(theta));
  }

  /** Length of the polyline through (0.1 i, x[i]). */
  @Grad
  public static double arcLength(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length - 1; i++) {
      s += Math.hypot(0.1, x[i + 1] - x[i]);
    }
    return s;
  }

  /** A 1-2-1 tanh network, weights in w[0..6], evaluated at x and squared against a target. */
  @Grad
  public static double tinyMlp(double[] w, double x) {
    double h1 = Math.tanh(w[0] * x + w[1]);
    double h2 = Math.tanh(w[2] * x + w[3]);
    double out = w[4] * h1 + w[5] * h2 + w[6];
    double err = out - Math.sin(x);
    return err * err;
  }
}
