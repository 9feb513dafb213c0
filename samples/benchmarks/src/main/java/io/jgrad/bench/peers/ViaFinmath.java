package io.jgrad.bench.peers;

import static io.jgrad.bench.rows.LogDensity100k.HALF_LOG_2PI;
import static io.jgrad.bench.rows.LogDensity100k.HI;
import static io.jgrad.bench.rows.LogDensity100k.LO;
import static io.jgrad.bench.rows.LogDensity100k.LOG_PRIOR_SD;
import static io.jgrad.bench.rows.LogDensity100k.LOG_WIDTH;
import static io.jgrad.bench.rows.LogDensity100k.LOG_Z;
import static io.jgrad.bench.rows.LogDensity100k.PRIOR_MEAN;
import static io.jgrad.bench.rows.LogDensity100k.PRIOR_SD;

import io.jgrad.bench.rows.LargeSingleBlock;
import java.util.Map;
import net.finmath.montecarlo.automaticdifferentiation.RandomVariableDifferentiable;
import net.finmath.montecarlo.automaticdifferentiation.backward.RandomVariableDifferentiableAADFactory;
import net.finmath.stochastic.RandomVariable;

/**
 * The rows in finmath-lib's AAD (reverse mode by operator overloading), on scalar random variables
 * (size 1): every input becomes a differentiable variable, every operation a node of finmath's
 * operator tree, and {@code getGradient()} sweeps the tree back. One call gives the value and the
 * gradient, read out of finmath's map into the caller's buffer.
 */
public final class ViaFinmath {
  private static final RandomVariableDifferentiableAADFactory FACTORY =
      new RandomVariableDifferentiableAADFactory();

  private ViaFinmath() {}

  private static RandomVariableDifferentiable[] variables(double[] x) {
    RandomVariableDifferentiable[] v = new RandomVariableDifferentiable[x.length];
    for (int i = 0; i < x.length; i++) {
      v[i] = FACTORY.createRandomVariable(x[i]);
    }
    return v;
  }

  /** Reads d result / d v[i] into g (0 for an input the result does not depend on). */
  private static double gradient(RandomVariable result, RandomVariableDifferentiable[] v, double[] g) {
    Map<Long, RandomVariable> gradient = ((RandomVariableDifferentiable) result).getGradient();
    for (int i = 0; i < v.length; i++) {
      RandomVariable d = gradient.get(v[i].getID());
      g[i] = d == null ? 0.0 : d.get(0);
    }
    return result.get(0);
  }

  public static double sum(double[] x, double[] g) {
    RandomVariableDifferentiable[] v = variables(x);
    RandomVariable s = v[0];
    for (int i = 1; i < v.length; i++) {
      s = s.add(v[i]);
    }
    return gradient(s, v, g);
  }

  public static double sumSin(double[] x, double[] g) {
    RandomVariableDifferentiable[] v = variables(x);
    RandomVariable s = v[0].sin();
    for (int i = 1; i < v.length; i++) {
      s = s.add(v[i].sin());
    }
    return gradient(s, v, g);
  }

  public static double sumCosExp(double[] x, double[] g) {
    RandomVariableDifferentiable[] v = variables(x);
    RandomVariable s = v[0].exp().cos();
    for (int i = 1; i < v.length; i++) {
      s = s.add(v[i].exp().cos());
    }
    return gradient(s, v, g);
  }

  public static double sum5x(double[] x, double[] g) {
    RandomVariableDifferentiable[] v = variables(x);
    RandomVariable s = v[0].mult(5.0);
    for (int i = 1; i < v.length; i++) {
      s = s.add(v[i].mult(5.0));
    }
    return gradient(s, v, g);
  }

  /** The recursive form, mirroring {@link LargeSingleBlock#g}. */
  public static double largeSingleBlockRecursive(double[] x, double[] g) {
    RandomVariableDifferentiable[] v = variables(x);
    return gradient(g(v[0], v[1], LargeSingleBlock.BLOCK), v, g);
  }

  private static RandomVariable g(RandomVariable x, RandomVariable a, int n) {
    return n > 0 ? g(x.mult(a), a, n - 1) : x;
  }

  /** The loop form. */
  public static double largeSingleBlockLoop(double[] x, double[] g) {
    RandomVariableDifferentiable[] v = variables(x);
    RandomVariable y = v[0];
    for (int n = 0; n < LargeSingleBlock.BLOCK; n++) {
      y = y.mult(v[1]);
    }
    return gradient(y, v, g);
  }

  /** theta is differentiable; the data are plain doubles. */
  public static double logDensity(double theta0, double theta1, double[] x, double[] g) {
    RandomVariableDifferentiable[] t = variables(new double[] {theta0, theta1});
    RandomVariable mu = fromUnconstrained(t[0]);
    RandomVariable sigma = fromUnconstrained(t[1]);
    RandomVariable lp = truncatedNormalLogpdf(mu).add(logJacobian(t[0]))
        .add(truncatedNormalLogpdf(sigma)).add(logJacobian(t[1]));
    RandomVariable logSigma = sigma.log();
    RandomVariable ll = lp;
    for (int i = 0; i < x.length; i++) {
      double lx = Math.log(x[i]);
      RandomVariable z = mu.mult(-1.0).add(lx).div(sigma);
      ll = ll.add(logSigma.mult(-1.0).sub(lx + HALF_LOG_2PI).sub(z.squared().mult(0.5)));
    }
    return gradient(ll, t, g);
  }

  private static RandomVariable fromUnconstrained(RandomVariable t) {
    return t.mult(-1.0).exp().add(1.0).invert().mult(HI - LO).add(LO);
  }

  private static RandomVariable logJacobian(RandomVariable t) {
    // finmath has no log1p: log(1 + e) instead
    return t.mult(-1.0).add(LOG_WIDTH).sub(t.mult(-1.0).exp().add(1.0).log().mult(2.0));
  }

  private static RandomVariable truncatedNormalLogpdf(RandomVariable v) {
    RandomVariable z = v.sub(PRIOR_MEAN).div(PRIOR_SD);
    return z.squared().mult(-0.5).sub(LOG_PRIOR_SD + HALF_LOG_2PI + LOG_Z);
  }

  // ------------------------------------------------------------------------------------------------
  // Array rows
  // ------------------------------------------------------------------------------------------------

  private static RandomVariableDifferentiable[][] variables(double[][] m) {
    RandomVariableDifferentiable[][] v = new RandomVariableDifferentiable[m.length][];
    for (int i = 0; i < m.length; i++) {
      v[i] = variables(m[i]);
    }
    return v;
  }

  /** The variables of the matrices, one after the other, each row by row. */
  private static RandomVariableDifferentiable[] flat(RandomVariableDifferentiable[][]... ms) {
    int n = 0;
    for (RandomVariableDifferentiable[][] m : ms) {
      for (RandomVariableDifferentiable[] row : m) {
        n += row.length;
      }
    }
    RandomVariableDifferentiable[] all = new RandomVariableDifferentiable[n];
    int k = 0;
    for (RandomVariableDifferentiable[][] m : ms) {
      for (RandomVariableDifferentiable[] row : m) {
        System.arraycopy(row, 0, all, k, row.length);
        k += row.length;
      }
    }
    return all;
  }

  /**
   * {@code sum(kron(a, b))}: the 640,000 products are summed as they are formed, in the primal's
   * order (1.3 million nodes of finmath's operator tree), not materialised.
   */
  public static double kronSum(double[][] a, double[][] b, double[] g) {
    RandomVariableDifferentiable[][] va = variables(a);
    RandomVariableDifferentiable[][] vb = variables(b);
    return gradient(kronSumOf(va, vb), flat(va, vb), g);
  }

  /** Null entries of b are constant zeros (their products are 0 and add nothing to the tree). */
  private static RandomVariable kronSumOf(RandomVariable[][] a, RandomVariable[][] b) {
    RandomVariable s = null;
    for (int i = 0; i < a.length; i++) {
      for (int p = 0; p < b.length; p++) {
        for (int j = 0; j < a[i].length; j++) {
          for (int q = 0; q < b[p].length; q++) {
            RandomVariable bpq = b[p][q];
            if (bpq == null) {
              s = s == null ? a[i][j].mult(0.0) : s.add(a[i][j].mult(0.0));
              continue;
            }
            RandomVariable term = a[i][j].mult(bpq);
            s = s == null ? term : s.add(term);
          }
        }
      }
    }
    return s;
  }

  /**
   * {@code kron_sum(a[0:view, 0:view], upperTriangular(b))}: the strict lower triangle of b is the
   * constant 0 (a product with it is {@code a[i][j].mult(0.0)}, as the primal's {@code a * 0.0}).
   */
  public static double kronViewSum(double[][] a, double[][] b, int view, double[] g) {
    RandomVariableDifferentiable[][] va = variables(a);
    RandomVariableDifferentiable[][] vb = variables(b);
    RandomVariable[][] av = new RandomVariable[view][view];
    for (int i = 0; i < view; i++) {
      System.arraycopy(va[i], 0, av[i], 0, view);
    }
    RandomVariable[][] bu = new RandomVariable[b.length][b.length];
    for (int p = 0; p < b.length; p++) {
      for (int q = p; q < b.length; q++) {
        bu[p][q] = vb[p][q];
      }
    }
    return gradient(kronSumOf(av, bu), flat(va, vb), g);
  }

  /** {@code sum(sin(cos(exp(x))))} over a matrix. */
  public static double sinCosExp(double[][] x, double[] g) {
    RandomVariableDifferentiable[][] v = variables(x);
    RandomVariable s = null;
    for (RandomVariableDifferentiable[] row : v) {
      for (RandomVariableDifferentiable e : row) {
        RandomVariable y = e.exp().cos().sin();
        s = s == null ? y : s.add(y);
      }
    }
    return gradient(s, flat(v), g);
  }

  /** The GP log marginal likelihood; x, y and s differentiable (layout x, y, s). */
  public static double gpLml(double[] xs, double[] ys, double sv, double[] g) {
    int n = xs.length;
    RandomVariableDifferentiable[] x = variables(xs);
    RandomVariableDifferentiable[] y = variables(ys);
    RandomVariableDifferentiable s = FACTORY.createRandomVariable(sv);
    RandomVariable[][] c = new RandomVariable[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        RandomVariable d = x[i].sub(x[j]);
        c[i][j] = d.mult(d).mult(-0.5).exp();
      }
      c[i][i] = c[i][i].add(s);
    }
    RandomVariable[][] l = new RandomVariable[n][n];
    for (int j = 0; j < n; j++) {
      RandomVariable dj = c[j][j];
      for (int k = 0; k < j; k++) {
        dj = dj.sub(l[j][k].mult(l[j][k]));
      }
      l[j][j] = dj.sqrt();
      for (int i = j + 1; i < n; i++) {
        RandomVariable t = c[i][j];
        for (int k = 0; k < j; k++) {
          t = t.sub(l[i][k].mult(l[j][k]));
        }
        l[i][j] = t.div(l[j][j]);
      }
    }
    RandomVariable[] z = new RandomVariable[n];
    for (int i = 0; i < n; i++) {
      RandomVariable t = y[i];
      for (int k = 0; k < i; k++) {
        t = t.sub(l[i][k].mult(z[k]));
      }
      z[i] = t.div(l[i][i]);
    }
    RandomVariable quad = z[0].mult(z[0]);
    RandomVariable logDet = l[0][0].log();
    for (int i = 1; i < n; i++) {
      quad = quad.add(z[i].mult(z[i]));
      logDet = logDet.add(l[i][i].log());
    }
    RandomVariable lml = logDet.mult(2.0).add(n * io.jgrad.bench.rows.GpLml.LOG_2PI).add(quad)
        .mult(-0.5);
    RandomVariableDifferentiable[] all = new RandomVariableDifferentiable[2 * n + 1];
    System.arraycopy(x, 0, all, 0, n);
    System.arraycopy(y, 0, all, n, n);
    all[2 * n] = s;
    return gradient(lml, all, g);
  }
}
