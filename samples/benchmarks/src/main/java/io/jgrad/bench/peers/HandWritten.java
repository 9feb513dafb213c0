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

/**
 * Value and gradient of each row written by hand, the way an expert writes an adjoint: one pass, no
 * tape where none is needed, the gradient written (not added) into a caller-owned buffer so that no
 * zeroing pass is needed. Each returns the value computed with the primal's operations in the
 * primal's order, so it is bit for bit the primal's.
 */
public final class HandWritten {
  private HandWritten() {}

  /** {@code sum(x)}; both loop forms. */
  public static double sum(double[] x, double[] g) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += x[i];
      g[i] = 1.0;
    }
    return s;
  }

  /** {@code sum(sin(x_i))}; both loop forms. */
  public static double sumSin(double[] x, double[] g) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      double xi = x[i];
      s += Math.sin(xi);
      g[i] = Math.cos(xi);
    }
    return s;
  }

  /** {@code sum(cos(exp(x_i)))}. */
  public static double sumCosExp(double[] x, double[] g) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      double e = Math.exp(x[i]);
      s += Math.cos(e);
      g[i] = -Math.sin(e) * e;
    }
    return s;
  }

  /** {@code sum(5 * x_i)}. */
  public static double sum5x(double[] x, double[] g) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += 5 * x[i];
      g[i] = 5.0;
    }
    return s;
  }

  /**
   * {@code y = x[0] * x[1]^400} by 400 multiplications (both forms). The expert uses the structure:
   * {@code dy/dx[0] = a^400} and {@code dy/da = 400 x[0] a^399}, with the powers of {@code a} built by
   * a second chain of multiplications that runs next to the primal's (independent chains pipeline),
   * nothing stored.
   */
  public static double largeSingleBlock(double[] x, double[] g) {
    double y = x[0];
    double a = x[1];
    double power = 1.0;
    double previous = 1.0;
    for (int n = 0; n < LargeSingleBlock.BLOCK; n++) {
      previous = power;
      power = power * a;
      y = y * a;
    }
    g[0] = power;
    g[1] = LargeSingleBlock.BLOCK * x[0] * previous;
    return y;
  }

  /**
   * The log density of {@code LogDensity100k} and its gradient with respect to theta only (an expert
   * does not differentiate with respect to the data). The likelihood's adjoint needs only
   * {@code sum z_i} and {@code sum z_i^2}, accumulated in the same pass as the value.
   */
  public static double logDensity(double theta0, double theta1, double[] x, double[] g) {
    double e0 = Math.exp(-theta0);
    double d0 = 1 + e0;
    double mu = LO + (HI - LO) / d0;
    double e1 = Math.exp(-theta1);
    double d1 = 1 + e1;
    double sigma = LO + (HI - LO) / d1;
    double zMu = (mu - PRIOR_MEAN) / PRIOR_SD;
    double zSigma = (sigma - PRIOR_MEAN) / PRIOR_SD;
    double lp = (-0.5 * zMu * zMu - LOG_PRIOR_SD - HALF_LOG_2PI - LOG_Z)
        + (LOG_WIDTH - theta0 - 2 * Math.log1p(e0))
        + (-0.5 * zSigma * zSigma - LOG_PRIOR_SD - HALF_LOG_2PI - LOG_Z)
        + (LOG_WIDTH - theta1 - 2 * Math.log1p(e1));
    double logSigma = Math.log(sigma);
    double ll = 0;
    double sumZ = 0;
    double sumZz = 0;
    for (int i = 0; i < x.length; i++) {
      double lx = Math.log(x[i]);
      double z = (lx - mu) / sigma;
      double zz = 0.5 * z * z;
      ll += -lx - logSigma - HALF_LOG_2PI - zz;
      sumZ += z;
      sumZz += zz;
    }
    // d ll / d mu = sum z / sigma;  d ll / d sigma = (sum z^2 - n) / sigma
    double muBar = -zMu / PRIOR_SD + sumZ / sigma;
    double sigmaBar = -zSigma / PRIOR_SD + (2 * sumZz - x.length) / sigma;
    // d mu / d theta = (HI - LO) e / (1 + e)^2;  d logJacobian / d theta = -1 + 2 e / (1 + e)
    g[0] = muBar * ((HI - LO) * e0 / (d0 * d0)) - 1 + 2 * e0 / d0;
    g[1] = sigmaBar * ((HI - LO) * e1 / (d1 * d1)) - 1 + 2 * e1 / d1;
    return lp + ll;
  }

  // ------------------------------------------------------------------------------------------------
  // Array rows
  // ------------------------------------------------------------------------------------------------

  /**
   * {@code sum(kron(a, b))}. The value is the primal's computation (the 800 x 800 product
   * materialised, then summed), bit for bit; the gradient uses the structure: d/da[i][j] = sum(b),
   * d/db[p][q] = sum(a), two O(n) sums. The layout of g is a then b, row by row.
   */
  public static double kronSum(double[][] a, double[][] b, double[] g) {
    double s = kronSumValue(a, b);
    double sumA = 0.0;
    for (double[] row : a) {
      for (double v : row) {
        sumA += v;
      }
    }
    double sumB = 0.0;
    for (double[] row : b) {
      for (double v : row) {
        sumB += v;
      }
    }
    int na = a.length * a[0].length;
    java.util.Arrays.fill(g, 0, na, sumB);
    java.util.Arrays.fill(g, na, na + b.length * b[0].length, sumA);
    return s;
  }

  /** The primal of {@code kron_sum}, operation for operation. */
  private static double kronSumValue(double[][] a, double[][] b) {
    int ma = a.length;
    int na = a[0].length;
    int mb = b.length;
    int nb = b[0].length;
    double[][] k = new double[ma * mb][na * nb];
    for (int i = 0; i < ma; i++) {
      for (int p = 0; p < mb; p++) {
        double[] row = k[i * mb + p];
        for (int j = 0; j < na; j++) {
          double aij = a[i][j];
          double[] bp = b[p];
          for (int q = 0; q < nb; q++) {
            row[j * nb + q] = aij * bp[q];
          }
        }
      }
    }
    double s = 0.0;
    for (double[] row : k) {
      for (double v : row) {
        s += v;
      }
    }
    return s;
  }

  /**
   * {@code kron_sum(a[0:view, 0:view], upperTriangular(b))}: the primal's copies and product, then
   * d/da[i][j] = sum(triu(b)) inside the view (0 outside), d/db[p][q] = sum(view) on and above the
   * diagonal (0 below). Layout a then b.
   */
  public static double kronViewSum(double[][] a, double[][] b, int view, double[] g) {
    double[][] av = new double[view][view];
    for (int i = 0; i < view; i++) {
      System.arraycopy(a[i], 0, av[i], 0, view);
    }
    int n = b.length;
    double[][] bu = new double[n][n];
    for (int p = 0; p < n; p++) {
      System.arraycopy(b[p], p, bu[p], p, n - p);
    }
    double s = kronSumValue(av, bu);
    double sumA = 0.0;
    for (double[] row : av) {
      for (double v : row) {
        sumA += v;
      }
    }
    double sumB = 0.0;
    for (double[] row : bu) {
      for (double v : row) {
        sumB += v;
      }
    }
    int cols = a[0].length;
    java.util.Arrays.fill(g, 0.0);
    for (int i = 0; i < view; i++) {
      java.util.Arrays.fill(g, i * cols, i * cols + view, sumB);
    }
    int offset = a.length * cols;
    for (int p = 0; p < n; p++) {
      java.util.Arrays.fill(g, offset + p * n + p, offset + (p + 1) * n, sumA);
    }
    return s;
  }

  /**
   * {@code sum(sin(cos(exp(x))))} over a matrix, for the three sin-cos-exp rows: one pass, value in
   * the primal's order, d/dx = cos(cos(e)) * -sin(e) * e with e = exp(x).
   */
  public static double sinCosExp(double[][] x, double[] g) {
    double s = 0.0;
    int k = 0;
    for (double[] row : x) {
      for (double v : row) {
        double e = Math.exp(v);
        double c = Math.cos(e);
        s += Math.sin(c);
        g[k++] = Math.cos(c) * -Math.sin(e) * e;
      }
    }
    return s;
  }

  /**
   * {@code sum((y - w2 relu(w1 x))^2)} and its gradient with respect to w2 and w1 (layout w2 then
   * w1, row by row), as a person writes backpropagation: the primal's forward pass (same loops, so
   * the value is bit for bit), then dz = -2 (y - z) in place of z, dW2 = dz a^T, da = W2^T dz
   * into a's storage, masked by relu', dW1 = dh x^T. Every product is written as axpys over
   * contiguous rows (with a^T and x^T formed once) so that the JIT vectorises it; dot-product
   * reductions would not vectorise. Neither X nor Y is differentiated.
   */
  public static double simpleMlp(double[][] w2, double[][] w1, double[][] y, double[][] x,
      double[] g) {
    int hidden = w1.length;
    int in = x.length;
    int batch = x[0].length;
    int out = w2.length;
    double[][] h = new double[hidden][batch];
    for (int i = 0; i < hidden; i++) {
      double[] hi = h[i];
      for (int k = 0; k < in; k++) {
        double w = w1[i][k];
        double[] xk = x[k];
        for (int j = 0; j < batch; j++) {
          hi[j] += w * xk[j];
        }
      }
    }
    double[][] a = new double[hidden][batch];
    for (int i = 0; i < hidden; i++) {
      for (int j = 0; j < batch; j++) {
        a[i][j] = h[i][j] * (0 <= h[i][j] ? 1 : 0);
      }
    }
    double[][] z = new double[out][batch];
    for (int o = 0; o < out; o++) {
      double[] zo = z[o];
      for (int i = 0; i < hidden; i++) {
        double w = w2[o][i];
        double[] ai = a[i];
        for (int j = 0; j < batch; j++) {
          zo[j] += w * ai[j];
        }
      }
    }
    double s = 0.0;
    for (int o = 0; o < out; o++) {
      double[] zo = z[o];
      double[] yo = y[o];
      for (int j = 0; j < batch; j++) {
        double r = yo[j] - zo[j];
        s += r * r;
        zo[j] = -2.0 * r; // z becomes dz
      }
    }
    // dW2 = dz a^T, as axpys over rows of a^T (contiguous, vectorisable): dW2[o] += dz[o][j] a^T[j]
    double[][] at = transpose(a);
    for (int o = 0; o < out; o++) {
      double[] dzo = z[o];
      int base = o * hidden;
      java.util.Arrays.fill(g, base, base + hidden, 0.0);
      for (int j = 0; j < batch; j++) {
        double c = dzo[j];
        double[] atj = at[j];
        for (int i = 0; i < hidden; i++) {
          g[base + i] += c * atj[i];
        }
      }
    }
    // dh = relu'(h) * (W2^T dz), into a's storage (a itself lives on as a^T)
    for (double[] row : a) {
      java.util.Arrays.fill(row, 0.0);
    }
    for (int o = 0; o < out; o++) {
      double[] dzo = z[o];
      double[] w2o = w2[o];
      for (int i = 0; i < hidden; i++) {
        double w = w2o[i];
        double[] dai = a[i];
        for (int j = 0; j < batch; j++) {
          dai[j] += w * dzo[j];
        }
      }
    }
    // dW1 = dh x^T, as axpys over rows of x^T, skipping the entries relu' zeroes
    double[][] xt = transpose(x);
    int offset = out * hidden;
    for (int i = 0; i < hidden; i++) {
      double[] hi = h[i];
      double[] dhi = a[i];
      int base = offset + i * in;
      java.util.Arrays.fill(g, base, base + in, 0.0);
      for (int j = 0; j < batch; j++) {
        if (!(0 <= hi[j])) {
          continue;
        }
        double c = dhi[j];
        double[] xtj = xt[j];
        for (int k = 0; k < in; k++) {
          g[base + k] += c * xtj[k];
        }
      }
    }
    return s;
  }

  private static double[][] transpose(double[][] m) {
    double[][] t = new double[m[0].length][m.length];
    for (int i = 0; i < m.length; i++) {
      double[] mi = m[i];
      for (int j = 0; j < mi.length; j++) {
        t[j][i] = mi[j];
      }
    }
    return t;
  }

  /**
   * The GP log marginal likelihood and its gradient with respect to x, y and s (layout x, y, s):
   * the primal's computation (same operations, so the value is bit for bit), then with
   * alpha = C^-1 y (back substitution with L^T) and C^-1 = L^-T L^-1 (L^-1 by forward
   * substitution, C^-1 accumulated from its rows):
   *
   * <pre>
   *   G = dlml/dC = (alpha alpha^T - C^-1) / 2,   dlml/dy = -alpha,   dlml/ds = trace G,
   *   dlml/dx_i = -2 sum_j G_ij (x_i - x_j) K_ij.
   * </pre>
   */
  public static double gpLml(double[] x, double[] y, double s, double[] g) {
    int n = x.length;
    double[][] c = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double d = x[i] - x[j];
        c[i][j] = Math.exp(-0.5 * (d * d));
      }
      c[i][i] += s;
    }
    double[][] l = new double[n][n];
    for (int j = 0; j < n; j++) {
      double[] lj = l[j];
      double dj = c[j][j];
      for (int k = 0; k < j; k++) {
        dj -= lj[k] * lj[k];
      }
      lj[j] = Math.sqrt(dj);
      for (int i = j + 1; i < n; i++) {
        double[] li = l[i];
        double t = c[i][j];
        for (int k = 0; k < j; k++) {
          t -= li[k] * lj[k];
        }
        li[j] = t / lj[j];
      }
    }
    double[] z = new double[n];
    for (int i = 0; i < n; i++) {
      double[] li = l[i];
      double t = y[i];
      for (int k = 0; k < i; k++) {
        t -= li[k] * z[k];
      }
      z[i] = t / li[i];
    }
    double quad = 0.0;
    double logDet = 0.0;
    for (int i = 0; i < n; i++) {
      quad += z[i] * z[i];
      logDet += Math.log(l[i][i]);
    }
    double value = -0.5 * (n * io.jgrad.bench.rows.GpLml.LOG_2PI + 2.0 * logDet + quad);

    // alpha = L^-T z = C^-1 y
    double[] alpha = new double[n];
    for (int i = n - 1; i >= 0; i--) {
      double t = z[i];
      for (int k = i + 1; k < n; k++) {
        t -= l[k][i] * alpha[k];
      }
      alpha[i] = t / l[i][i];
    }
    // m = L^-1 (lower triangular), row by row: m[i][j] = -(sum_{k=j}^{i-1} l[i][k] m[k][j]) / l[i][i]
    double[][] m = new double[n][n];
    for (int i = 0; i < n; i++) {
      double[] li = l[i];
      double[] mi = m[i];
      for (int k = 0; k < i; k++) {
        double lik = li[k];
        double[] mk = m[k];
        for (int j = 0; j <= k; j++) {
          mi[j] -= lik * mk[j];
        }
      }
      double inv = 1.0 / li[i];
      for (int j = 0; j < i; j++) {
        mi[j] *= inv;
      }
      mi[i] = inv;
    }
    // lower triangle of C^-1 = sum_k m[k]^T m[k] (row k of m is nonzero in 0..k)
    double[][] cInv = new double[n][n];
    for (int k = 0; k < n; k++) {
      double[] mk = m[k];
      for (int i = 0; i <= k; i++) {
        double mki = mk[i];
        double[] ci = cInv[i];
        for (int j = 0; j <= i; j++) {
          ci[j] += mki * mk[j];
        }
      }
    }
    // gradient
    int xOff = 0;
    int yOff = n;
    double trace = 0.0;
    for (int i = 0; i < n; i++) {
      g[xOff + i] = 0.0;
      g[yOff + i] = -alpha[i];
      trace += 0.5 * (alpha[i] * alpha[i] - cInv[i][i]);
    }
    g[2 * n] = trace;
    for (int i = 0; i < n; i++) {
      double[] ci = cInv[i];
      double[] ki = c[i];
      double ai = alpha[i];
      double xi = x[i];
      double gi = 0.0;
      for (int j = 0; j < i; j++) {
        // G_ij (x_i - x_j) K_ij, counted for x_i and (with the opposite sign) for x_j
        double term = 0.5 * (ai * alpha[j] - ci[j]) * (xi - x[j]) * ki[j];
        gi -= 2.0 * term;
        g[xOff + j] += 2.0 * term;
      }
      g[xOff + i] += gi;
    }
    return value;
  }

  // ------------------------------------------------------------------------------------------------
  // Records row
  // ------------------------------------------------------------------------------------------------

  /**
   * The energy of {@code NBodyEnergy.energyAfter} and its gradient, as a person writes the adjoint
   * of a leapfrog integrator: the bodies unpacked into flat arrays (body i at [3i, 3i + 3)), the
   * primal's operations in the primal's order (so the value is bit for bit), keeping the positions
   * and accelerations of every step and the half-step velocities (about 14 x 3n doubles in all);
   * then one backward pass over the steps. An acceleration evaluated at step s feeds the second
   * kick of step s - 1 and the first kick of step s; its cotangent is collected from both before
   * its adjoint pair loop runs once, so the reverse costs steps + 1 adjoint pair loops plus that of
   * the potential. With h = dt / 2, per pair (d = x_j - x_i, r2 = |d|^2 + eps^2):
   *
   * <pre>
   *   a_i += m_j w d, a_j -= m_i w d, w = r2^(-3/2):
   *     mBar_j += w aBar_i.d,  mBar_i -= w aBar_j.d,  r2Bar = -1.5 w / r2 (m_j aBar_i - m_i aBar_j).d,
   *     dBar = w (m_j aBar_i - m_i aBar_j) + 2 r2Bar d,  xBar_j += dBar,  xBar_i -= dBar;
   *   u -= m_i m_j / sqrt(r2):  mBar_i -= m_j / r,  r2Bar = m_i m_j / (2 r^3);
   *   kinetic 0.5 m |v|^2:  vBar = m v,  mBar += |v|^2 / 2.
   * </pre>
   *
   * <p>Layout of g: body by body, position x, y, z, velocity x, y, z, mass; then dt, softening.
   */
  public static double nbodyEnergy(Body[] bodies, double dt, int steps, double softening,
      double[] g) {
    int n = bodies.length;
    int n3 = 3 * n;
    double[][] pos = new double[steps + 1][n3];
    double[][] acc = new double[steps + 1][n3];
    double[][] half = new double[steps][n3];
    double[] v = new double[n3];
    double[] m = new double[n];
    double[] x0 = pos[0];
    for (int i = 0; i < n; i++) {
      Body b = bodies[i];
      x0[3 * i] = b.position().x();
      x0[3 * i + 1] = b.position().y();
      x0[3 * i + 2] = b.position().z();
      v[3 * i] = b.velocity().x();
      v[3 * i + 1] = b.velocity().y();
      v[3 * i + 2] = b.velocity().z();
      m[i] = b.mass();
    }
    double eps2 = softening * softening;
    double h = 0.5 * dt;
    accelerations(x0, m, eps2, acc[0]);
    for (int s = 0; s < steps; s++) {
      double[] x = pos[s];
      double[] a = acc[s];
      double[] vh = half[s];
      double[] xNext = pos[s + 1];
      for (int k = 0; k < n3; k++) {
        vh[k] = v[k] + h * a[k];
        xNext[k] = x[k] + dt * vh[k];
      }
      double[] aNext = acc[s + 1];
      accelerations(xNext, m, eps2, aNext);
      for (int k = 0; k < n3; k++) {
        v[k] = vh[k] + h * aNext[k];
      }
    }

    // the energy and its adjoint at the final state
    double[] xBar = new double[n3];
    double[] vBar = new double[n3];
    double[] mBar = new double[n];
    double kinetic = 0.0;
    for (int i = 0; i < n; i++) {
      double vx = v[3 * i];
      double vy = v[3 * i + 1];
      double vz = v[3 * i + 2];
      double v2 = vx * vx + vy * vy + vz * vz;
      kinetic += 0.5 * m[i] * v2;
      vBar[3 * i] = m[i] * vx;
      vBar[3 * i + 1] = m[i] * vy;
      vBar[3 * i + 2] = m[i] * vz;
      mBar[i] = 0.5 * v2;
    }
    double[] x = pos[steps];
    double u = 0.0;
    double eps2Bar = 0.0;
    for (int i = 0; i < n; i++) {
      double xi = x[3 * i];
      double yi = x[3 * i + 1];
      double zi = x[3 * i + 2];
      double mi = m[i];
      double mBarI = 0.0;
      double xBarI = 0.0;
      double yBarI = 0.0;
      double zBarI = 0.0;
      for (int j = i + 1; j < n; j++) {
        double dx = x[3 * j] - xi;
        double dy = x[3 * j + 1] - yi;
        double dz = x[3 * j + 2] - zi;
        double r = Math.sqrt(dx * dx + dy * dy + dz * dz + eps2);
        double mj = m[j];
        double q = mi * mj / r;
        u -= q;
        double invR = 1.0 / r;
        mBarI -= mj * invR;
        mBar[j] -= mi * invR;
        double r2Bar = 0.5 * q * invR * invR;
        eps2Bar += r2Bar;
        double f = 2.0 * r2Bar;
        xBar[3 * j] += f * dx;
        xBar[3 * j + 1] += f * dy;
        xBar[3 * j + 2] += f * dz;
        xBarI -= f * dx;
        yBarI -= f * dy;
        zBarI -= f * dz;
      }
      mBar[i] += mBarI;
      xBar[3 * i] += xBarI;
      xBar[3 * i + 1] += yBarI;
      xBar[3 * i + 2] += zBarI;
    }
    double value = kinetic + u;

    // back through the steps; aBar collects the cotangent of acc[s] from both kicks that use it
    double hBar = 0.0;
    double dtBar = 0.0;
    double[] aBar = new double[n3];
    for (int s = steps - 1; s >= 0; s--) {
      // second kick: v = vh + h acc[s + 1]
      double[] aNext = acc[s + 1];
      for (int k = 0; k < n3; k++) {
        hBar += vBar[k] * aNext[k];
        aBar[k] += h * vBar[k];
      }
      eps2Bar += accelerationsAdjoint(pos[s + 1], m, eps2, aBar, xBar, mBar);
      // drift: x[s + 1] = x[s] + dt vh
      double[] vh = half[s];
      for (int k = 0; k < n3; k++) {
        dtBar += xBar[k] * vh[k];
        vBar[k] += dt * xBar[k];
      }
      // first kick: vh = v + h acc[s]
      double[] a = acc[s];
      for (int k = 0; k < n3; k++) {
        hBar += vBar[k] * a[k];
        aBar[k] = h * vBar[k];
      }
    }
    if (steps > 0) {
      eps2Bar += accelerationsAdjoint(pos[0], m, eps2, aBar, xBar, mBar);
    }
    for (int i = 0; i < n; i++) {
      g[7 * i] = xBar[3 * i];
      g[7 * i + 1] = xBar[3 * i + 1];
      g[7 * i + 2] = xBar[3 * i + 2];
      g[7 * i + 3] = vBar[3 * i];
      g[7 * i + 4] = vBar[3 * i + 1];
      g[7 * i + 5] = vBar[3 * i + 2];
      g[7 * i + 6] = mBar[i];
    }
    g[7 * n] = dtBar + 0.5 * hBar;
    g[7 * n + 1] = 2.0 * softening * eps2Bar;
    return value;
  }

  /**
   * The primal's accelerations into {@code a} (overwritten), pair by pair in the primal's order; the
   * running sums of body i are kept in registers while j runs, which adds in the same order.
   */
  private static void accelerations(double[] x, double[] m, double eps2, double[] a) {
    int n = m.length;
    java.util.Arrays.fill(a, 0.0);
    for (int i = 0; i < n; i++) {
      double xi = x[3 * i];
      double yi = x[3 * i + 1];
      double zi = x[3 * i + 2];
      double mi = m[i];
      double ax = a[3 * i];
      double ay = a[3 * i + 1];
      double az = a[3 * i + 2];
      for (int j = i + 1; j < n; j++) {
        double dx = x[3 * j] - xi;
        double dy = x[3 * j + 1] - yi;
        double dz = x[3 * j + 2] - zi;
        double r2 = dx * dx + dy * dy + dz * dz + eps2;
        double w = 1.0 / (r2 * Math.sqrt(r2));
        double sj = m[j] * w;
        ax = ax + sj * dx;
        ay = ay + sj * dy;
        az = az + sj * dz;
        double si = mi * w;
        a[3 * j] = a[3 * j] - si * dx;
        a[3 * j + 1] = a[3 * j + 1] - si * dy;
        a[3 * j + 2] = a[3 * j + 2] - si * dz;
      }
      a[3 * i] = ax;
      a[3 * i + 1] = ay;
      a[3 * i + 2] = az;
    }
  }

  /**
   * Adds the adjoint of {@link #accelerations} at positions x for the cotangent aBar into xBar and
   * mBar; returns d/d eps2.
   */
  private static double accelerationsAdjoint(double[] x, double[] m, double eps2, double[] aBar,
      double[] xBar, double[] mBar) {
    int n = m.length;
    double eps2Bar = 0.0;
    for (int i = 0; i < n; i++) {
      double xi = x[3 * i];
      double yi = x[3 * i + 1];
      double zi = x[3 * i + 2];
      double mi = m[i];
      double abx = aBar[3 * i];
      double aby = aBar[3 * i + 1];
      double abz = aBar[3 * i + 2];
      double mBarI = 0.0;
      double xBarI = 0.0;
      double yBarI = 0.0;
      double zBarI = 0.0;
      for (int j = i + 1; j < n; j++) {
        double dx = x[3 * j] - xi;
        double dy = x[3 * j + 1] - yi;
        double dz = x[3 * j + 2] - zi;
        double r2 = dx * dx + dy * dy + dz * dz + eps2;
        double w = 1.0 / (r2 * Math.sqrt(r2));
        double mj = m[j];
        double bjx = aBar[3 * j];
        double bjy = aBar[3 * j + 1];
        double bjz = aBar[3 * j + 2];
        // c = m_j aBar_i - m_i aBar_j, the cotangent of w d
        double cx = mj * abx - mi * bjx;
        double cy = mj * aby - mi * bjy;
        double cz = mj * abz - mi * bjz;
        mBar[j] += w * (abx * dx + aby * dy + abz * dz);
        mBarI -= w * (bjx * dx + bjy * dy + bjz * dz);
        double r2Bar = -1.5 * w / r2 * (cx * dx + cy * dy + cz * dz);
        eps2Bar += r2Bar;
        double f = 2.0 * r2Bar;
        double ddx = w * cx + f * dx;
        double ddy = w * cy + f * dy;
        double ddz = w * cz + f * dz;
        xBar[3 * j] += ddx;
        xBar[3 * j + 1] += ddy;
        xBar[3 * j + 2] += ddz;
        xBarI -= ddx;
        yBarI -= ddy;
        zBarI -= ddz;
      }
      mBar[i] += mBarI;
      xBar[3 * i] += xBarI;
      xBar[3 * i + 1] += yBarI;
      xBar[3 * i + 2] += zBarI;
    }
    return eps2Bar;
  }
}
