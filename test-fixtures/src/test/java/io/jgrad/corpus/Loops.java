package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Loops: for (counting up, down, by two, with two counters, with a double counter), while,
 * do/while, nested and triangular loops, loop-carried reassignment, products, Horner's rule,
 * power by repeated squaring, and loops whose trip count depends on values computed inside them.
 */
public final class Loops {
  private Loops() {}

  @Grad
  public static double sumOfSquares(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * x[i];
    }
    return s;
  }

  /** p = p * x[i]: every iteration overwrites the accumulator multiplicatively. */
  @Grad
  public static double product(double[] x) {
    double p = 1.0;
    for (int i = 0; i < x.length; i++) {
      p = p * x[i];
    }
    return p;
  }

  /** Horner evaluation of sum c[i] x^i, counting down. */
  @Grad
  public static double horner(double[] c, double x) {
    double r = 0.0;
    for (int i = c.length - 1; i >= 0; i--) {
      r = r * x + c[i];
    }
    return r;
  }

  /** x^n by repeated squaring: the int loop and the int branch decide which multiplications run. */
  @Grad
  public static double powBySquaring(double x, int n) {
    double result = 1.0;
    double base = x;
    int e = n;
    while (e > 0) {
      if (e % 2 == 1) {
        result *= base;
      }
      base *= base;
      e /= 2;
    }
    return result;
  }

  /** The trip count depends on x through s (3, 4 or 5 iterations in the checked bands). */
  @Grad
  public static double whileGrow(double x) {
    double s = 1.0;
    int k = 0;
    while (s < 10.0) {
      s = s * 1.5 + x * x;
      k++;
    }
    return s + k;
  }

  /** do/while with an int trip count (the body runs at least once). */
  @Grad
  public static double doWhile(double x, int n) {
    int i = 0;
    double s = x;
    do {
      s = Math.sin(s) + x;
      i++;
    } while (i < n);
    return s;
  }

  /** Two nested full loops. */
  @Grad
  public static double nestedLoops(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < x.length; j++) {
        s += x[i] * x[j] / (1.0 + (i - j) * (i - j));
      }
    }
    return s;
  }

  /** A triangular nest with a local reset per outer iteration. */
  @Grad
  public static double triangular(double[] x) {
    double total = 0.0;
    for (int i = 0; i < x.length; i++) {
      double inner = 0.0;
      for (int j = 0; j <= i; j++) {
        inner += x[j] * Math.cos(x[i] - x[j]);
      }
      total += inner * inner;
    }
    return total;
  }

  /** Counting down by two. */
  @Grad
  public static double countDownByTwo(double[] x) {
    double s = 0.0;
    for (int i = x.length - 1; i >= 0; i -= 2) {
      s = s * 0.5 + x[i] * x[i];
    }
    return s;
  }

  /** Two counters in one for header, pre-increment updates. */
  @Grad
  public static double twoCounters(double[] x) {
    double s = 0.0;
    for (int i = 0, j = x.length - 1; i < j; ++i, --j) {
      s += x[i] * x[j];
    }
    return s;
  }

  /** Two loop-carried values swapped through a temporary (Fibonacci-like recurrence). */
  @Grad
  public static double fibonacciLike(double[] x) {
    double a = 0.0, b = 1.0;
    for (int i = 0; i < x.length; i++) {
      double t = a;
      a = b;
      b = t + x[i] * b;
    }
    return a + b;
  }

  /** A double loop counter whose bound is active: the trip count is ceil(x / 0.25). */
  @Grad
  public static double doubleCounter(double x) {
    double s = 0.0;
    for (double t = 0.0; t < x; t += 0.25) {
      s += Math.sin(t * x);
    }
    return s + x;
  }

  /** A value-dependent while loop nested in a for loop: each element needs its own trip count. */
  @Grad
  public static double nestedValueWhile(double[] x) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      double v = x[i];
      int k = 0;
      while (v > 1.1) {
        v = Math.sqrt(v);
        k++;
      }
      s += v * (k + 1);
    }
    return s;
  }

  /**
   * An accumulator reset before an inner loop and read after it (a log-sum-exp per row): the
   * values the loop overwrites are read by no one, so the reverse rule keeps none of them.
   */
  @Grad
  public static double rowLogSumExp(double[][] m) {
    double total = 0.0;
    double sum = 0.0;
    for (int i = 0; i < m.length; i++) {
      sum = 0.0;
      for (int j = 0; j < m[i].length; j++) {
        sum += Math.exp(m[i][j]);
      }
      total += Math.log(sum) * sum;
    }
    return total + sum;
  }

  /** As above, but the loop reads the accumulator (p * x needs p): every old value is kept. */
  @Grad
  public static double rowProducts(double[][] m) {
    double total = 0.0;
    double p = 1.0;
    for (int i = 0; i < m.length; i++) {
      p = 1.0;
      for (int j = 0; j < m[i].length; j++) {
        p = p * m[i][j];
      }
      total += p;
    }
    return total;
  }

  /** One reset, two loops adding to the accumulator, readers after both. */
  @Grad
  public static double twoLoopsOneReset(double[] x, double[] y) {
    double s = 0.0;
    double out = 0.0;
    for (int r = 0; r < 3; r++) {
      s = 0.5 * r;
      for (int i = 0; i < x.length; i++) {
        s += x[i] * x[i];
      }
      for (int i = 0; i < y.length; i++) {
        s += Math.sin(y[i] * s);
      }
      out += Math.sqrt(s) * r + s * s;
    }
    return out;
  }

  /**
   * A mixture's log-likelihood: per point, a score per component from a work array, then the
   * log of the sum of their exponentials. The iterations over points and over components are
   * computed again in the reverse sweep; a point's iteration computed again takes the scores
   * from the tape rather than running the loop over components again (that loop runs again per
   * component in its own reverse).
   */
  @Grad
  public static double mixtureScores(double[][] x, double[][] mu, double[] w) {
    int k = mu.length;
    int d = mu[0].length;
    double[] c = new double[d];
    double[] beta = new double[k];
    double total = 0.0;
    for (int n = 0; n < x.length; n++) {
      for (int m = 0; m < k; m++) {
        for (int j = 0; j < d; j++) {
          c[j] = x[n][j] - mu[m][j];
        }
        double s = 0.0;
        for (int j = 0; j < d; j++) {
          s += c[j] * c[j] * (1.0 + 0.25 * j);
        }
        beta[m] = w[m] - 0.5 * s;
      }
      double z = 0.0;
      for (int m = 0; m < k; m++) {
        z += Math.exp(beta[m]);
      }
      total += Math.log(z);
    }
    return total;
  }

  /**
   * {@link #mixtureScores} with the maximum score taken out of the sum (log-sum-exp as it is
   * written to stay finite): the loop over components is taped per point here.
   */
  @Grad
  public static double stableMixtureScores(double[][] x, double[][] mu, double[] w) {
    int k = mu.length;
    int d = mu[0].length;
    double[] c = new double[d];
    double[] beta = new double[k];
    double total = 0.0;
    for (int n = 0; n < x.length; n++) {
      for (int m = 0; m < k; m++) {
        for (int j = 0; j < d; j++) {
          c[j] = x[n][j] - mu[m][j];
        }
        double s = 0.0;
        for (int j = 0; j < d; j++) {
          s += c[j] * c[j] * (1.0 + 0.25 * j);
        }
        beta[m] = w[m] - 0.5 * s;
      }
      double max = beta[0];
      for (int m = 1; m < k; m++) {
        max = Math.max(max, beta[m]);
      }
      double z = 0.0;
      for (int m = 0; m < k; m++) {
        z += Math.exp(beta[m] - max);
      }
      total += Math.log(z) + max;
    }
    return total;
  }

  /**
   * sin(cos(exp)) elementwise through row locals into a local matrix (broadcast_sin_cos_exp):
   * the rows are read again in the reverse sweep and the inner loop ends at {@code xi.length}.
   */
  @Grad
  public static double rowsThroughLocals(double[][] x) {
    double[][] y = new double[x.length][x[0].length];
    for (int i = 0; i < x.length; i++) {
      double[] xi = x[i];
      double[] yi = y[i];
      for (int j = 0; j < xi.length; j++) {
        yi[j] = Math.sin(Math.cos(Math.exp(xi[j]))) * (1.0 + 0.5 * j);
      }
    }
    double s = 0.0;
    for (double[] row : y) {
      for (double v : row) {
        s += v * v;
      }
    }
    return s;
  }

  /**
   * As {@link #rowsThroughLocals}, but each row is also moved into the previous slot: a store
   * into {@code y}'s own level, so {@code y[i]} read again would be another row.
   */
  @Grad
  public static double rowsMovedBack(double[][] x) {
    double[][] y = new double[x.length][x[0].length];
    for (int i = 0; i < x.length; i++) {
      double[] xi = x[i];
      double[] yi = y[i];
      for (int j = 0; j < xi.length; j++) {
        yi[j] = Math.exp(0.5 * xi[j]) * (yi.length - j);
      }
      if (i > 0) {
        y[i - 1] = yi;
      }
    }
    double s = 0.0;
    for (int i = 0; i < y.length; i++) {
      for (int j = 0; j < y[i].length; j++) {
        s += y[i][j] * (i + 1.0) * x[i][j];
      }
    }
    return s;
  }

  /**
   * A triangular product per point into work arrays (GMM's {@code Q (x - mu)}): the reverse of
   * {@code qx[row] += l[p] * v[col]} adds into {@code vBar[col]} across the rows, a sum the
   * rules keep in a variable and add into the element after the row loop.
   */
  @Grad
  public static double triangularPerPoint(double[][] x, double[] mu, double[] l) {
    int d = mu.length;
    double[] v = new double[d];
    double[] qx = new double[d];
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < d; j++) {
        v[j] = x[i][j] - mu[j];
      }
      for (int j = 0; j < d; j++) {
        qx[j] = Math.exp(0.5 * l[j % l.length]) * v[j];
      }
      int p = 0;
      for (int col = 0; col < d; col++) {
        for (int row = col + 1; row < d; row++) {
          qx[row] += l[p % l.length] * v[col];
          p++;
        }
      }
      double q = 0.0;
      for (int j = 0; j < d; j++) {
        q += qx[j] * qx[j];
      }
      s += Math.log(1.0 + q);
    }
    return s;
  }

  /**
   * GMM's likelihood in small: per point and component, a unit lower triangular factor packed by
   * columns times {@code x - mu} (a helper whose {@code p++} steps with the row), then a
   * log-sum-exp over the components, whose exponentials are taped. The reverse of a row of the
   * product counts up with one induction variable ({@code p} read as the row plus an offset),
   * inside the adjoint's block that truncates the tapes on an exception.
   */
  @Grad
  public static double triangularMixture(double[][] x, double[][] mu, double[][] l,
      double[] alpha) {
    int k = alpha.length;
    int d = mu[0].length;
    double[] centered = new double[d];
    double[] qx = new double[d];
    double[] beta = new double[k];
    double total = 0.0;
    for (int i = 0; i < x.length; i++) {
      for (int c = 0; c < k; c++) {
        for (int j = 0; j < d; j++) {
          centered[j] = x[i][j] - mu[c][j];
        }
        unitLowerTimes(l[c], centered, qx);
        double s = 0.0;
        for (int j = 0; j < d; j++) {
          s += qx[j] * qx[j];
        }
        beta[c] = alpha[c] - 0.5 * s;
      }
      double sum = 0.0;
      for (int c = 0; c < k; c++) {
        sum += Math.exp(beta[c]);
      }
      total += Math.log(sum);
    }
    return total;
  }

  /** {@code out = L v}, L unit lower triangular with {@code lower} below the diagonal. */
  private static void unitLowerTimes(double[] lower, double[] v, double[] out) {
    int d = v.length;
    for (int j = 0; j < d; j++) {
      out[j] = v[j];
    }
    int p = 0;
    for (int col = 0; col < d; col++) {
      for (int row = col + 1; row < d; row++) {
        out[row] += lower[p] * v[col];
        p++;
      }
    }
  }

  /**
   * Sums with {@code v[k]} over a loop that does not run for the last k, where k is past the end
   * of {@code v}: the reverse of the inner loop adds into {@code vBar[k]}, an element the rules
   * must not touch when the loop does not run.
   */
  @Grad
  public static double sumIntoAnElementPastTheEnd(double[] x) {
    int d = x.length;
    double[] v = new double[d];
    for (int j = 0; j < d; j++) {
      v[j] = Math.sin(x[j]);
    }
    double s = 0.0;
    for (int k = 0; k <= d; k++) {
      for (int j = 0; j < (k < d ? d : 0); j++) {
        s += v[k] * x[j] * (j + 1);
      }
    }
    return s;
  }

  /**
   * Per point, a log-sum-exp over components whose work arrays ({@code v}, {@code qx}) each
   * component fills again (GMM's): the rules give them a row per component, so the reverse of a
   * component reads its rows and the scalars it left (a branch per element, a scale, where the
   * triangle's counter ended) instead of computing it again.
   */
  @Grad
  public static double componentsPerPoint(double[][] x, double[][] mu, double[] l) {
    int k = mu.length;
    int d = x[0].length;
    double[] v = new double[d];
    double[] qx = new double[d];
    double[] beta = new double[k];
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      for (int c = 0; c < k; c++) {
        double[] m = mu[c];
        for (int j = 0; j < d; j++) {
          v[j] = x[i][j] - m[j % m.length];
        }
        double scale = Math.exp(0.25 * l[c % l.length]);
        for (int j = 0; j < d; j++) {
          qx[j] = scale * v[j];
        }
        int p = 0;
        for (int col = 0; col < d; col++) {
          for (int row = col + 1; row < d; row++) {
            qx[row] += l[p % l.length] * v[col];
            p++;
          }
        }
        double q = 0.0;
        for (int j = 0; j < qx.length; j++) {
          q += qx[j] > 0 ? qx[j] * qx[j] : Math.sin(qx[j]) * qx[j];
        }
        beta[c] = scale - 0.5 * q;
      }
      double max = beta[0];
      for (int c = 1; c < k; c++) {
        if (beta[c] > max) {
          max = beta[c];
        }
      }
      double z = 0.0;
      for (int c = 0; c < k; c++) {
        z += Math.exp(beta[c] - max);
      }
      s += Math.log(z) + max;
    }
    return s;
  }

  /**
   * {@link #componentsPerPoint}'s shape, but a work array is read after the loop over
   * components: its rows would leave it as it was, so each component is computed again.
   */
  @Grad
  public static double componentsThenTheLastOnesWork(double[][] x, double[][] mu) {
    int k = mu.length;
    int d = x[0].length;
    double[] v = new double[d];
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      double z = 0.0;
      for (int c = 0; c < k; c++) {
        for (int j = 0; j < d; j++) {
          v[j] = Math.sin(x[i][j] - mu[c][j % mu[c].length]);
        }
        double q = 0.0;
        for (int j = 0; j < d; j++) {
          q += v[j] * v[j];
        }
        z += Math.exp(-q);
      }
      s += Math.log(z) + v[d - 1];
    }
    return s;
  }

  /**
   * A Gaussian log-likelihood through a Cholesky factor, gp_lml's shape: the reverse of each
   * inner product adds into two rows of the factor's adjoint, which its loop reads once before
   * it starts ({@code HoistedRows}).
   */
  @Grad
  public static double choleskyLogLikelihood(double[][] a, double[] y) {
    int n = y.length;
    double[][] l = new double[n][n];
    for (int j = 0; j < n; j++) {
      double dj = a[j][j] + 2.0 * n;
      for (int k = 0; k < j; k++) {
        dj -= l[j][k] * l[j][k];
      }
      l[j][j] = Math.sqrt(dj);
      for (int i = j + 1; i < n; i++) {
        double t = 0.5 * (a[i][j] + a[j][i]);
        for (int k = 0; k < j; k++) {
          t -= l[i][k] * l[j][k];
        }
        l[i][j] = t / l[j][j];
      }
    }
    double quad = 0.0;
    double[] z = new double[n];
    for (int i = 0; i < n; i++) {
      double t = y[i];
      for (int k = 0; k < i; k++) {
        t -= l[i][k] * z[k];
      }
      z[i] = t / l[i][i];
      quad += z[i] * z[i] + 2.0 * Math.log(l[i][i]);
    }
    return -0.5 * quad;
  }

  /**
   * Adds rows of {@code a} into row {@code r} of a work matrix, {@code r} from the data: out of
   * range (half the points) the primal throws inside the loop, and so must every rule, with the
   * same exception; in range, the reverse adds into rows of {@code aBar} its loops read once.
   */
  @Grad
  public static double rowsIntoAChosenRow(double[][] a, double s, int r) {
    double[][] w = new double[2][a[0].length];
    double t = 0.0;
    for (int i = 0; i < a.length; i++) {
      for (int k = 0; k < a[i].length; k++) {
        w[r][k] += s * a[i][k] * a[i][k];
      }
      t += Math.sin(w[r][i % w[r].length]);
    }
    return t;
  }

  /**
   * Counters at the least int: a loop starting at {@code Integer.MIN_VALUE} is reversed down to
   * it, and a loop counting down from {@code m} (the least int at some points) runs no
   * iteration there; the rules' loops must not wrap around where the primal's do not.
   */
  @Grad
  public static double countersAtTheLeastInt(double[] x, int m) {
    double s = 0.0;
    int k = 0;
    for (int i = Integer.MIN_VALUE; i < Integer.MIN_VALUE + 3; i++) {
      s += x[k % x.length] * Math.sin(s + 0.5 * k);
      k++;
    }
    int n = m;
    while (n > 0) {
      n--;
      s += Math.cos(x[n % x.length] * s);
    }
    return s;
  }
}
