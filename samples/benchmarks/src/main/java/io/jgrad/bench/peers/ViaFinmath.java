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
}
