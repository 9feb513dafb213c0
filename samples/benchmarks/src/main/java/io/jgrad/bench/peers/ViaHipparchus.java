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
}
