package io.jgrad.corpus.arrays;

import io.jgrad.Grad;
import java.util.Arrays;

/**
 * Numerical algorithms written the way Java code writes them, over arrays that they overwrite:
 * matrix multiply in a loss, Cholesky factorisation (into a local and in place), forward and back
 * substitution, a Gaussian-process log marginal likelihood (the gp_lml benchmark), prefix sums
 * (as a result and in place), an in-place bubble sort (value-dependent swaps), a stencil
 * time-stepping loop overwriting its state, a running maximum, a small MLP forward pass and loss,
 * power iteration, and the kron_sum, kron_view_sum, naive_map_sin_cos_exp and logdensity
 * benchmark shapes.
 */
public final class Algorithms {
  private Algorithms() {}

  /** From issue 3: 0.5 * |w x - y|_F^2 with {@code double[][]} w (m x k), x (k x n), y (m x n). */
  @Grad
  static double matmulLoss(double[][] w, double[][] x, double[][] y) {
    double loss = 0.0;
    for (int i = 0; i < w.length; i++) {
      for (int j = 0; j < x[0].length; j++) {
        double p = 0.0;
        for (int k = 0; k < x.length; k++) {
          p += w[i][k] * x[k][j];
        }
        double r = p - y[i][j];
        loss += 0.5 * r * r;
      }
    }
    return loss;
  }

  /**
   * log det a = 2 * sum log L[i][i] for the Cholesky factor L of a symmetric positive definite a
   * (only the lower triangle of a is read), factorised into a local matrix.
   */
  @Grad
  public static double choleskyLogDet(double[][] a) {
    int n = a.length;
    double[][] l = new double[n][n];
    for (int j = 0; j < n; j++) {
      double d = a[j][j];
      for (int k = 0; k < j; k++) {
        d -= l[j][k] * l[j][k];
      }
      l[j][j] = Math.sqrt(d);
      for (int i = j + 1; i < n; i++) {
        double s = a[i][j];
        for (int k = 0; k < j; k++) {
          s -= l[i][k] * l[j][k];
        }
        l[i][j] = s / l[j][j];
      }
    }
    double logDet = 0.0;
    for (int i = 0; i < n; i++) {
      logDet += Math.log(l[i][i]);
    }
    return 2.0 * logDet;
  }

  /**
   * Overwrites the lower triangle of a (symmetric positive definite) with its Cholesky factor and
   * the strict upper triangle with zeros: void, the output is a itself.
   */
  @Grad
  public static void choleskyInPlace(double[][] a) {
    int n = a.length;
    for (int j = 0; j < n; j++) {
      for (int k = 0; k < j; k++) {
        a[j][j] -= a[j][k] * a[j][k];
      }
      a[j][j] = Math.sqrt(a[j][j]);
      for (int i = j + 1; i < n; i++) {
        for (int k = 0; k < j; k++) {
          a[i][j] -= a[i][k] * a[j][k];
        }
        a[i][j] /= a[j][j];
        a[j][i] = 0.0;
      }
    }
  }

  /**
   * Solves a x = b for symmetric positive definite a: Cholesky factor L into a local, forward
   * substitution L z = b, back substitution L^T x = z. Returns x.
   */
  @Grad
  public static double[] choleskySolve(double[][] a, double[] b) {
    int n = a.length;
    double[][] l = new double[n][n];
    for (int j = 0; j < n; j++) {
      double d = a[j][j];
      for (int k = 0; k < j; k++) {
        d -= l[j][k] * l[j][k];
      }
      l[j][j] = Math.sqrt(d);
      for (int i = j + 1; i < n; i++) {
        double s = a[i][j];
        for (int k = 0; k < j; k++) {
          s -= l[i][k] * l[j][k];
        }
        l[i][j] = s / l[j][j];
      }
    }
    double[] z = new double[n];
    for (int i = 0; i < n; i++) {
      double s = b[i];
      for (int k = 0; k < i; k++) {
        s -= l[i][k] * z[k];
      }
      z[i] = s / l[i][i];
    }
    double[] x = new double[n];
    for (int i = n - 1; i >= 0; i--) {
      double s = z[i];
      for (int k = i + 1; k < n; k++) {
        s -= l[k][i] * x[k];
      }
      x[i] = s / l[i][i];
    }
    return x;
  }

  /** Forward substitution in place: b becomes the solution of l z = b (l lower triangular). */
  @Grad
  public static void forwardSubstitutionInPlace(double[][] l, double[] b) {
    for (int i = 0; i < b.length; i++) {
      for (int k = 0; k < i; k++) {
        b[i] -= l[i][k] * b[k];
      }
      b[i] /= l[i][i];
    }
  }

  /**
   * The log marginal likelihood of a Gaussian process with a squared-exponential kernel of length
   * scale exp(logLength) and noise variance 0.1 at inputs x and targets y: builds K, factorises
   * it in place, solves by substitution, returns -0.5 y^T K^-1 y - sum log L[i][i] - n/2 log 2 pi.
   */
  @Grad
  public static double gpLogMarginal(double[] x, double[] y, double logLength) {
    int n = x.length;
    double length = Math.exp(logLength);
    double[][] k = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double d = (x[i] - x[j]) / length;
        k[i][j] = Math.exp(-0.5 * d * d);
      }
      k[i][i] += 0.1;
    }
    for (int j = 0; j < n; j++) {
      for (int p = 0; p < j; p++) {
        k[j][j] -= k[j][p] * k[j][p];
      }
      k[j][j] = Math.sqrt(k[j][j]);
      for (int i = j + 1; i < n; i++) {
        for (int p = 0; p < j; p++) {
          k[i][j] -= k[i][p] * k[j][p];
        }
        k[i][j] /= k[j][j];
      }
    }
    double[] alpha = y.clone();
    for (int i = 0; i < n; i++) {
      for (int p = 0; p < i; p++) {
        alpha[i] -= k[i][p] * alpha[p];
      }
      alpha[i] /= k[i][i];
    }
    double quad = 0.0;
    double logDet = 0.0;
    for (int i = 0; i < n; i++) {
      quad += alpha[i] * alpha[i];
      logDet += Math.log(k[i][i]);
    }
    return -0.5 * quad - logDet - 0.5 * n * Math.log(2.0 * Math.PI);
  }

  /** Prefix sums as a new array: y[i] = x[0] + ... + x[i]. */
  @Grad
  public static double[] prefixSums(double[] x) {
    double[] y = new double[x.length];
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += x[i];
      y[i] = s;
    }
    return y;
  }

  /** Prefix products of (1 + x[i]^2) in place, each a compound write reading the previous one. */
  @Grad
  public static void prefixProductsInPlace(double[] x) {
    x[0] = 1.0 + x[0] * x[0];
    for (int i = 1; i < x.length; i++) {
      x[i] = x[i - 1] * (1.0 + x[i] * x[i]);
    }
  }

  /**
   * Bubble sort in place with value-dependent swaps (the tests keep entries 0.01 apart), then a
   * weighted sum of the sorted values: both the result and the sorted x are outputs.
   */
  @Grad
  public static double bubbleSort(double[] x) {
    int n = x.length;
    for (int pass = 0; pass < n - 1; pass++) {
      boolean swapped = false;
      for (int i = 0; i + 1 < n - pass; i++) {
        if (x[i] > x[i + 1]) {
          double t = x[i];
          x[i] = x[i + 1];
          x[i + 1] = t;
          swapped = true;
        }
      }
      if (!swapped) {
        break;
      }
    }
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      s += (i + 1) * x[i];
    }
    return s;
  }

  /**
   * Explicit time stepping of u_t = nu u_xx - u^3 on a ring: every step computes the next state
   * into a local and copies it over u, so u's final contents are the state after {@code steps}.
   */
  @Grad
  public static double stencilTimeStepping(double[] u, double nu, int steps) {
    int n = u.length;
    double[] next = new double[n];
    for (int t = 0; t < steps; t++) {
      for (int i = 0; i < n; i++) {
        double left = u[(i + n - 1) % n];
        double right = u[(i + 1) % n];
        next[i] = u[i] + 0.1 * (nu * (left - 2.0 * u[i] + right) - u[i] * u[i] * u[i]);
      }
      for (int i = 0; i < n; i++) {
        u[i] = next[i];
      }
    }
    double energy = 0.0;
    for (int i = 0; i < n; i++) {
      energy += u[i] * u[i];
    }
    return energy;
  }

  /** The running maximum as a new array (Math.max; the tests keep entries 0.01 apart). */
  @Grad
  public static double[] runningMax(double[] x) {
    double[] y = new double[x.length];
    double m = x[0];
    for (int i = 0; i < x.length; i++) {
      m = Math.max(m, x[i]);
      y[i] = m * x[i];
    }
    return y;
  }

  /**
   * A small MLP forward pass: h = tanh(w1 x + b1), out = w2 h + b2, with {@code double[][]}
   * weights. Returns out.
   */
  @Grad
  public static double[] mlpForward(
      double[][] w1, double[] b1, double[][] w2, double[] b2, double[] x) {
    double[] h = new double[w1.length];
    for (int i = 0; i < w1.length; i++) {
      double z = b1[i];
      for (int j = 0; j < x.length; j++) {
        z += w1[i][j] * x[j];
      }
      h[i] = Math.tanh(z);
    }
    double[] out = new double[w2.length];
    for (int i = 0; i < w2.length; i++) {
      double z = b2[i];
      for (int j = 0; j < h.length; j++) {
        z += w2[i][j] * h[j];
      }
      out[i] = z;
    }
    return out;
  }

  /**
   * The simple_mlp benchmark shape: mean squared error of a one-hidden-layer tanh network over a
   * batch (rows of xs and ys), activations stored in a local {@code double[][]}.
   */
  @Grad
  public static double mlpLoss(double[][] w1, double[][] w2, double[][] xs, double[][] ys) {
    int batch = xs.length;
    double[][] hidden = new double[batch][w1.length];
    double loss = 0.0;
    for (int b = 0; b < batch; b++) {
      for (int i = 0; i < w1.length; i++) {
        double z = 0.0;
        for (int j = 0; j < xs[b].length; j++) {
          z += w1[i][j] * xs[b][j];
        }
        hidden[b][i] = Math.tanh(z);
      }
      for (int o = 0; o < w2.length; o++) {
        double z = 0.0;
        for (int i = 0; i < hidden[b].length; i++) {
          z += w2[o][i] * hidden[b][i];
        }
        double r = z - ys[b][o];
        loss += r * r;
      }
    }
    return loss / batch;
  }

  /**
   * Power iteration (v = a v / |v|, {@code iterations} times from v = 1) and the Rayleigh
   * quotient v^T a v / v^T v of the result.
   */
  @Grad
  public static double powerIteration(double[][] a, int iterations) {
    int n = a.length;
    double[] v = new double[n];
    Arrays.fill(v, 1.0);
    for (int it = 0; it < iterations; it++) {
      double[] w = new double[n];
      double norm = 0.0;
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          w[i] += a[i][j] * v[j];
        }
        norm += w[i] * w[i];
      }
      norm = Math.sqrt(norm);
      for (int i = 0; i < n; i++) {
        v[i] = w[i] / norm;
      }
    }
    double num = 0.0;
    double den = 0.0;
    for (int i = 0; i < n; i++) {
      double av = 0.0;
      for (int j = 0; j < n; j++) {
        av += a[i][j] * v[j];
      }
      num += v[i] * av;
      den += v[i] * v[i];
    }
    return num / den;
  }

  /** kron_sum: builds the Kronecker product of a and b in a local array and sums sin of it. */
  @Grad
  public static double kronSum(double[] a, double[] b) {
    double[] k = new double[a.length * b.length];
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < b.length; j++) {
        k[i * b.length + j] = a[i] * b[j];
      }
    }
    double s = 0.0;
    for (double v : k) {
      s += Math.sin(v);
    }
    return s;
  }

  /** kron_view_sum: the same sum without materialising the product. */
  @Grad
  public static double kronViewSum(double[] a, double[] b) {
    double s = 0.0;
    for (int i = 0; i < a.length * b.length; i++) {
      s += Math.sin(a[i / b.length] * b[i % b.length]);
    }
    return s;
  }

  /** naive_map_sin_cos_exp: y[i] = sin(x[i]) * cos(x[i]) + exp(-x[i] * x[i]), as a new array. */
  @Grad
  public static double[] mapSinCosExp(double[] x) {
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      y[i] = Math.sin(x[i]) * Math.cos(x[i]) + Math.exp(-x[i] * x[i]);
    }
    return y;
  }

  /** logdensity: the log density of independent N(mu, exp(logSigma)^2) observations. */
  @Grad
  public static double logDensity(double[] obs, double mu, double logSigma) {
    double sigma = Math.exp(logSigma);
    double s = 0.0;
    for (int i = 0; i < obs.length; i++) {
      double z = (obs[i] - mu) / sigma;
      s += -0.5 * z * z;
    }
    return s - obs.length * (logSigma + 0.5 * Math.log(2.0 * Math.PI));
  }
}
