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
import org.hipparchus.analysis.differentiation.Gradient;

/**
 * The rows in Hipparchus forward mode, as a Java user writes them today: every input becomes a
 * {@link Gradient} with one free parameter per input, so each operation carries (and allocates) a
 * gradient array as long as the input vector. One call gives the value and the full gradient.
 */
public final class ViaHipparchus {
  private ViaHipparchus() {}

  public static Gradient sum(double[] x) {
    int n = x.length;
    Gradient s = Gradient.constant(n, 0.0);
    for (int i = 0; i < n; i++) {
      s = s.add(Gradient.variable(n, i, x[i]));
    }
    return s;
  }

  public static Gradient sumSin(double[] x) {
    int n = x.length;
    Gradient s = Gradient.constant(n, 0.0);
    for (int i = 0; i < n; i++) {
      s = s.add(Gradient.variable(n, i, x[i]).sin());
    }
    return s;
  }

  public static Gradient sumCosExp(double[] x) {
    int n = x.length;
    Gradient s = Gradient.constant(n, 0.0);
    for (int i = 0; i < n; i++) {
      s = s.add(Gradient.variable(n, i, x[i]).exp().cos());
    }
    return s;
  }

  public static Gradient sum5x(double[] x) {
    int n = x.length;
    Gradient s = Gradient.constant(n, 0.0);
    for (int i = 0; i < n; i++) {
      s = s.add(Gradient.variable(n, i, x[i]).multiply(5.0));
    }
    return s;
  }

  /** The recursive form, mirroring {@link LargeSingleBlock#g}. */
  public static Gradient largeSingleBlockRecursive(double[] x) {
    return g(Gradient.variable(2, 0, x[0]), Gradient.variable(2, 1, x[1]), LargeSingleBlock.BLOCK);
  }

  private static Gradient g(Gradient x, Gradient a, int n) {
    return n > 0 ? g(x.multiply(a), a, n - 1) : x;
  }

  /** The loop form. */
  public static Gradient largeSingleBlockLoop(double[] x) {
    Gradient y = Gradient.variable(2, 0, x[0]);
    Gradient a = Gradient.variable(2, 1, x[1]);
    for (int n = 0; n < LargeSingleBlock.BLOCK; n++) {
      y = y.multiply(a);
    }
    return y;
  }

  /** Two free parameters (theta); the data are constants. */
  public static Gradient logDensity(double theta0, double theta1, double[] x) {
    Gradient t0 = Gradient.variable(2, 0, theta0);
    Gradient t1 = Gradient.variable(2, 1, theta1);
    Gradient mu = fromUnconstrained(t0);
    Gradient sigma = fromUnconstrained(t1);
    Gradient lp = truncatedNormalLogpdf(mu).add(logJacobian(t0))
        .add(truncatedNormalLogpdf(sigma)).add(logJacobian(t1));
    Gradient logSigma = sigma.log();
    Gradient ll = Gradient.constant(2, 0.0);
    for (int i = 0; i < x.length; i++) {
      double lx = Math.log(x[i]);
      Gradient z = mu.negate().add(lx).divide(sigma);
      ll = ll.add(logSigma.negate().subtract(lx + HALF_LOG_2PI).subtract(z.multiply(z).multiply(0.5)));
    }
    return lp.add(ll);
  }

  private static Gradient fromUnconstrained(Gradient t) {
    return t.negate().exp().add(1.0).reciprocal().multiply(HI - LO).add(LO);
  }

  private static Gradient logJacobian(Gradient t) {
    return t.negate().add(LOG_WIDTH).subtract(t.negate().exp().log1p().multiply(2.0));
  }

  private static Gradient truncatedNormalLogpdf(Gradient v) {
    Gradient z = v.subtract(PRIOR_MEAN).divide(PRIOR_SD);
    return z.multiply(z).multiply(-0.5).subtract(LOG_PRIOR_SD + HALF_LOG_2PI + LOG_Z);
  }

  // ------------------------------------------------------------------------------------------------
  // Array rows
  // ------------------------------------------------------------------------------------------------

  /** One free parameter per entry of each matrix, numbered from {@code first} row by row. */
  private static Gradient[][] variables(double[][] m, int parameters, int first) {
    Gradient[][] v = new Gradient[m.length][];
    int k = first;
    for (int i = 0; i < m.length; i++) {
      v[i] = new Gradient[m[i].length];
      for (int j = 0; j < m[i].length; j++) {
        v[i][j] = Gradient.variable(parameters, k++, m[i][j]);
      }
    }
    return v;
  }

  private static int size(double[][] m) {
    return m.length * m[0].length;
  }

  /**
   * {@code sum(kron(a, b))}, 2,000 free parameters. The 640,000 products are summed as they are
   * formed, in the primal's order, not materialised: 640,000 {@code Gradient}s of 2,000 derivatives
   * each would be 10 GB, which does not fit the benchmark's 2 GB heap.
   */
  public static Gradient kronSum(double[][] a, double[][] b) {
    int n = size(a) + size(b);
    return kronSumOf(variables(a, n, 0), variables(b, n, size(a)), n);
  }

  private static Gradient kronSumOf(Gradient[][] a, Gradient[][] b, int n) {
    Gradient s = Gradient.constant(n, 0.0);
    for (int i = 0; i < a.length; i++) {
      for (int p = 0; p < b.length; p++) {
        for (int j = 0; j < a[i].length; j++) {
          for (int q = 0; q < b[p].length; q++) {
            s = s.add(a[i][j].multiply(b[p][q]));
          }
        }
      }
    }
    return s;
  }

  /**
   * {@code kron_sum(a[0:view, 0:view], upperTriangular(b))}, one free parameter per entry of a and
   * b (2,800); the strict lower triangle of b is the constant 0. Not materialised (as kronSum).
   */
  public static Gradient kronViewSum(double[][] a, double[][] b, int view) {
    int n = size(a) + size(b);
    Gradient[][] ga = variables(a, n, 0);
    Gradient[][] gb = variables(b, n, size(a));
    Gradient[][] av = new Gradient[view][view];
    for (int i = 0; i < view; i++) {
      System.arraycopy(ga[i], 0, av[i], 0, view);
    }
    Gradient zero = Gradient.constant(n, 0.0);
    Gradient[][] bu = new Gradient[b.length][b.length];
    for (int p = 0; p < b.length; p++) {
      for (int q = 0; q < b.length; q++) {
        bu[p][q] = q >= p ? gb[p][q] : zero;
      }
    }
    return kronSumOf(av, bu, n);
  }

  /** {@code sum(sin(cos(exp(x))))} over a matrix, one free parameter per entry. */
  public static Gradient sinCosExp(double[][] x) {
    int n = size(x);
    Gradient[][] v = variables(x, n, 0);
    Gradient s = Gradient.constant(n, 0.0);
    for (Gradient[] row : v) {
      for (Gradient e : row) {
        s = s.add(e.exp().cos().sin());
      }
    }
    return s;
  }

  /**
   * The GP log marginal likelihood with one free parameter per input: x (n), y (n), s; the same
   * operations as the primal on {@code Gradient}s.
   */
  public static Gradient gpLml(double[] xs, double[] ys, double sv) {
    int n = xs.length;
    int params = 2 * n + 1;
    Gradient[] x = new Gradient[n];
    Gradient[] y = new Gradient[n];
    for (int i = 0; i < n; i++) {
      x[i] = Gradient.variable(params, i, xs[i]);
      y[i] = Gradient.variable(params, n + i, ys[i]);
    }
    Gradient s = Gradient.variable(params, 2 * n, sv);
    Gradient[][] c = new Gradient[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        Gradient d = x[i].subtract(x[j]);
        c[i][j] = d.multiply(d).multiply(-0.5).exp();
      }
      c[i][i] = c[i][i].add(s);
    }
    Gradient[][] l = new Gradient[n][n];
    for (int j = 0; j < n; j++) {
      Gradient dj = c[j][j];
      for (int k = 0; k < j; k++) {
        dj = dj.subtract(l[j][k].multiply(l[j][k]));
      }
      l[j][j] = dj.sqrt();
      for (int i = j + 1; i < n; i++) {
        Gradient t = c[i][j];
        for (int k = 0; k < j; k++) {
          t = t.subtract(l[i][k].multiply(l[j][k]));
        }
        l[i][j] = t.divide(l[j][j]);
      }
    }
    Gradient[] z = new Gradient[n];
    for (int i = 0; i < n; i++) {
      Gradient t = y[i];
      for (int k = 0; k < i; k++) {
        t = t.subtract(l[i][k].multiply(z[k]));
      }
      z[i] = t.divide(l[i][i]);
    }
    Gradient quad = Gradient.constant(params, 0.0);
    Gradient logDet = Gradient.constant(params, 0.0);
    for (int i = 0; i < n; i++) {
      quad = quad.add(z[i].multiply(z[i]));
      logDet = logDet.add(l[i][i].log());
    }
    return logDet.multiply(2.0).add(n * io.jgrad.bench.rows.GpLml.LOG_2PI).add(quad).multiply(-0.5);
  }

  // ------------------------------------------------------------------------------------------------
  // Records row
  // ------------------------------------------------------------------------------------------------

  /** {@code Vec3} over Hipparchus {@link Gradient}s: the record a Hipparchus user writes. */
  private record GVec3(Gradient x, Gradient y, Gradient z) {
    GVec3 plus(GVec3 o) {
      return new GVec3(x.add(o.x), y.add(o.y), z.add(o.z));
    }

    GVec3 minus(GVec3 o) {
      return new GVec3(x.subtract(o.x), y.subtract(o.y), z.subtract(o.z));
    }

    GVec3 scale(Gradient s) {
      return new GVec3(s.multiply(x), s.multiply(y), s.multiply(z));
    }

    Gradient dot(GVec3 o) {
      return x.multiply(o.x).add(y.multiply(o.y)).add(z.multiply(o.z));
    }
  }

  /** {@code Body} over Hipparchus {@link Gradient}s. */
  private record GBody(GVec3 position, GVec3 velocity, Gradient mass) {
    GBody kick(GVec3 acceleration, Gradient h) {
      return new GBody(position, velocity.plus(acceleration.scale(h)), mass);
    }

    GBody drift(Gradient h) {
      return new GBody(position.plus(velocity.scale(h)), velocity, mass);
    }

    Gradient kineticEnergy() {
      return mass.multiply(0.5).multiply(velocity.dot(velocity));
    }
  }

  /**
   * {@code NBodyEnergy.energyAfter} on records of {@code Gradient}s, 7n + 2 free parameters (body by
   * body position, velocity, mass; then dt, softening), the primal's operations in its order.
   */
  public static Gradient nbodyEnergy(Body[] bodies, double dtValue, int steps, double softeningValue) {
    int n = bodies.length;
    int params = 7 * n + 2;
    GBody[] b = new GBody[n];
    for (int i = 0; i < n; i++) {
      Body body = bodies[i];
      int k = 7 * i;
      b[i] = new GBody(
          new GVec3(Gradient.variable(params, k, body.position().x()),
              Gradient.variable(params, k + 1, body.position().y()),
              Gradient.variable(params, k + 2, body.position().z())),
          new GVec3(Gradient.variable(params, k + 3, body.velocity().x()),
              Gradient.variable(params, k + 4, body.velocity().y()),
              Gradient.variable(params, k + 5, body.velocity().z())),
          Gradient.variable(params, k + 6, body.mass()));
    }
    Gradient dt = Gradient.variable(params, 7 * n, dtValue);
    Gradient softening = Gradient.variable(params, 7 * n + 1, softeningValue);
    Gradient zero = Gradient.constant(params, 0.0);
    GVec3[] acc = accelerations(b, softening, zero);
    for (int s = 0; s < steps; s++) {
      for (int i = 0; i < n; i++) {
        b[i] = b[i].kick(acc[i], dt.multiply(0.5)).drift(dt);
      }
      acc = accelerations(b, softening, zero);
      for (int i = 0; i < n; i++) {
        b[i] = b[i].kick(acc[i], dt.multiply(0.5));
      }
    }
    Gradient kinetic = zero;
    for (GBody body : b) {
      kinetic = kinetic.add(body.kineticEnergy());
    }
    Gradient eps2 = softening.multiply(softening);
    Gradient u = zero;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        GVec3 d = b[j].position().minus(b[i].position());
        u = u.subtract(b[i].mass().multiply(b[j].mass()).divide(d.dot(d).add(eps2).sqrt()));
      }
    }
    return kinetic.add(u);
  }

  private static GVec3[] accelerations(GBody[] b, Gradient softening, Gradient zero) {
    int n = b.length;
    Gradient eps2 = softening.multiply(softening);
    GVec3[] acc = new GVec3[n];
    for (int i = 0; i < n; i++) {
      acc[i] = new GVec3(zero, zero, zero);
    }
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        GVec3 d = b[j].position().minus(b[i].position());
        Gradient r2 = d.dot(d).add(eps2);
        Gradient invR3 = r2.multiply(r2.sqrt()).reciprocal();
        acc[i] = acc[i].plus(d.scale(b[j].mass().multiply(invR3)));
        acc[j] = acc[j].minus(d.scale(b[i].mass().multiply(invR3)));
      }
    }
    return acc;
  }
}
