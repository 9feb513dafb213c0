package io.jgrad.bench.peers;

import static io.jgrad.bench.rows.LogDensity100k.HALF_LOG_2PI;
import static io.jgrad.bench.rows.LogDensity100k.HI;
import static io.jgrad.bench.rows.LogDensity100k.LO;
import static io.jgrad.bench.rows.LogDensity100k.LOG_PRIOR_SD;
import static io.jgrad.bench.rows.LogDensity100k.LOG_WIDTH;
import static io.jgrad.bench.rows.LogDensity100k.LOG_Z;
import static io.jgrad.bench.rows.LogDensity100k.PRIOR_MEAN;
import static io.jgrad.bench.rows.LogDensity100k.PRIOR_SD;

import io.jgrad.bench.rows.Body;
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

  // ------------------------------------------------------------------------------------------------
  // Records row
  // ------------------------------------------------------------------------------------------------

  /** {@code Vec3} over finmath random variables. */
  private record FVec3(RandomVariable x, RandomVariable y, RandomVariable z) {
    FVec3 plus(FVec3 o) {
      return new FVec3(x.add(o.x), y.add(o.y), z.add(o.z));
    }

    FVec3 minus(FVec3 o) {
      return new FVec3(x.sub(o.x), y.sub(o.y), z.sub(o.z));
    }

    FVec3 scale(RandomVariable s) {
      return new FVec3(s.mult(x), s.mult(y), s.mult(z));
    }

    RandomVariable dot(FVec3 o) {
      return x.mult(o.x).add(y.mult(o.y)).add(z.mult(o.z));
    }
  }

  /** {@code Body} over finmath random variables. */
  private record FBody(FVec3 position, FVec3 velocity, RandomVariable mass) {
    FBody kick(FVec3 acceleration, RandomVariable h) {
      return new FBody(position, velocity.plus(acceleration.scale(h)), mass);
    }

    FBody drift(RandomVariable h) {
      return new FBody(position.plus(velocity.scale(h)), velocity, mass);
    }

    RandomVariable kineticEnergy() {
      return mass.mult(0.5).mult(velocity.dot(velocity));
    }
  }

  /**
   * {@code NBodyEnergy.energyAfter} on records of finmath random variables; every position,
   * velocity and mass component, dt and softening differentiable (layout as the jgrad gradient). An
   * acceleration starts from its first term (finmath has no differentiable zero to add to).
   */
  public static double nbodyEnergy(Body[] bodies, double dtValue, int steps, double softeningValue,
      double[] g) {
    int n = bodies.length;
    double[] inputs = new double[7 * n + 2];
    for (int i = 0; i < n; i++) {
      Body body = bodies[i];
      inputs[7 * i] = body.position().x();
      inputs[7 * i + 1] = body.position().y();
      inputs[7 * i + 2] = body.position().z();
      inputs[7 * i + 3] = body.velocity().x();
      inputs[7 * i + 4] = body.velocity().y();
      inputs[7 * i + 5] = body.velocity().z();
      inputs[7 * i + 6] = body.mass();
    }
    inputs[7 * n] = dtValue;
    inputs[7 * n + 1] = softeningValue;
    RandomVariableDifferentiable[] v = variables(inputs);
    FBody[] b = new FBody[n];
    for (int i = 0; i < n; i++) {
      int k = 7 * i;
      b[i] = new FBody(new FVec3(v[k], v[k + 1], v[k + 2]), new FVec3(v[k + 3], v[k + 4], v[k + 5]),
          v[k + 6]);
    }
    RandomVariable dt = v[7 * n];
    RandomVariable softening = v[7 * n + 1];
    FVec3[] acc = accelerations(b, softening);
    for (int s = 0; s < steps; s++) {
      for (int i = 0; i < n; i++) {
        b[i] = b[i].kick(acc[i], dt.mult(0.5)).drift(dt);
      }
      acc = accelerations(b, softening);
      for (int i = 0; i < n; i++) {
        b[i] = b[i].kick(acc[i], dt.mult(0.5));
      }
    }
    RandomVariable kinetic = b[0].kineticEnergy();
    for (int i = 1; i < n; i++) {
      kinetic = kinetic.add(b[i].kineticEnergy());
    }
    RandomVariable eps2 = softening.mult(softening);
    RandomVariable u = null;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        FVec3 d = b[j].position().minus(b[i].position());
        RandomVariable term = b[i].mass().mult(b[j].mass()).div(d.dot(d).add(eps2).sqrt());
        u = u == null ? term.mult(-1.0) : u.sub(term);
      }
    }
    return gradient(kinetic.add(u), v, g);
  }

  private static FVec3[] accelerations(FBody[] b, RandomVariable softening) {
    int n = b.length;
    RandomVariable eps2 = softening.mult(softening);
    FVec3[] acc = new FVec3[n];
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        FVec3 d = b[j].position().minus(b[i].position());
        RandomVariable r2 = d.dot(d).add(eps2);
        RandomVariable invR3 = r2.mult(r2.sqrt()).invert();
        FVec3 toI = d.scale(b[j].mass().mult(invR3));
        FVec3 toJ = d.scale(b[i].mass().mult(invR3));
        acc[i] = acc[i] == null ? toI : acc[i].plus(toI);
        acc[j] = acc[j] == null ? new FVec3(toJ.x().mult(-1.0), toJ.y().mult(-1.0), toJ.z().mult(-1.0))
            : acc[j].minus(toJ);
      }
    }
    return acc;
  }
}
