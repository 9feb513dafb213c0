package io.jgrad.corpus;

import io.jgrad.Grad;
import io.jgrad.NoGrad;

/**
 * Rules of rules: {@code @Grad} methods that read other {@code @Grad} methods' generated rules
 * (a directional derivative, a gradient) and are differentiated through them. {@code
 * RulesOfRulesTest} checks {@link #outer} and {@link #penalty} against closed forms.
 */
public final class RulesOfRules {
  private RulesOfRules() {}

  @Grad
  public static double inner(double x, double y) {
    return x + y;
  }

  /**
   * The perturbation-confusion case: the inner derivative is 1 whatever x is, so outer(x) = x
   * and its derivative is 1 (a tool that confused the two tangents would give 2).
   */
  @Grad
  public static double outer(double x) {
    return x * RulesOfRules_Frule.inner(x, 0.0, 1.0, 1.0).tangent();
  }

  /** {@code sum sin(x_i) x_{i+1} + x_i^2 x_0}: a nonlinear energy with a dense Hessian row. */
  @Grad
  public static double energy(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += Math.sin(x[i]) * x[(i + 1) % x.length] + x[i] * x[i] * x[0];
    }
    return s;
  }

  /** A gradient penalty, {@code |grad energy(x)|^2}: its gradient is {@code 2 H g}. */
  @Grad
  public static double penalty(double[] x) {
    double[] g = RulesOfRules_Rrule.energy(x).xBar();
    double s = 0;
    for (int i = 0; i < g.length; i++) {
      s += g[i] * g[i];
    }
    return s;
  }

  /** Mixed parameters: a number, an array, data. */
  @Grad
  public static double potential(double a, double[] x, @NoGrad double[] w, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) {
      s += w[i] * Math.exp(a * x[i]) + a * a * x[i];
    }
    return s;
  }

  /**
   * Reads the number component of a gradient, the value through both rule classes, and a
   * directional derivative along a direction that itself depends on the variables (the direction
   * is x, then a * x), inside a loop, with the arguments' order of evaluation kept.
   */
  @Grad
  public static double mixed(double a, double[] x, @NoGrad double[] w) {
    int n = x.length;
    double da = RulesOfRules_Rrule.potential(a, x, w, n).aBar();
    double v = RulesOfRules_Frule.potential(a, 0.5, x, x, w, n).value();
    double s = da * v;
    double[] dir = new double[n];
    for (int k = 0; k < 2; k++) {
      for (int i = 0; i < n; i++) {
        dir[i] = (k + 1) * a * x[i];
      }
      s += RulesOfRules_Frule.potential(a * a, a, x, dir, w, n).tangent() * x[k % n];
    }
    return s + RulesOfRules_Rrule.potential(a, x, w, n).value();
  }

  /** {@code a^2 b + a sin b}, with float arithmetic on the way. */
  @Grad
  public static double pair(double a, float b) {
    return a * a * b + a * Math.sin(b);
  }

  /**
   * The gradient of {@link #pair} read component by component, and its second derivative along
   * the gradient (the curvature term of a Newton step): {@code |g|^2 + g.H.g / 2}.
   */
  @Grad
  public static double pairCurvature(double a, float b) {
    double ga = RulesOfRules_Rrule.pair(a, b).aBar();
    double gb = RulesOfRules_Rrule.pair(a, b).bBar();
    double along = RulesOfRules_Frule.pair(a, ga, b, gb).tangent();
    return ga * ga + gb * gb + 0.5 * along;
  }

  /** A matrix parameter and its gradient read as a matrix. */
  @Grad
  public static double bilinear(double[][] m, double[] v) {
    double s = 0;
    for (int i = 0; i < m.length; i++) {
      for (int j = 0; j < v.length; j++) {
        s += m[i][j] * v[i] * v[j] * m[i][j];
      }
    }
    return s;
  }

  /** The squared Frobenius norm of the gradient with respect to the matrix. */
  @Grad
  public static double matrixGradientNorm(double[][] m, double[] v) {
    double[][] g = RulesOfRules_Rrule.bilinear(m, v).mBar();
    double s = 0;
    for (double[] row : g) {
      for (double e : row) {
        s += e * e;
      }
    }
    return s + RulesOfRules_Rrule.bilinear(m, v).vBar()[0];
  }

  /** {@code a sqrt(b)}: its derivative with respect to b is infinite at b = 0. */
  @Grad
  public static double kinked(double a, double b) {
    return a * Math.sqrt(b);
  }

  /**
   * Reads derivatives of {@link #kinked} at b = 0, where they are infinite, and never uses them
   * (one is dead, the other is used on a branch not taken for n <= 5): the derivative of the
   * method is 2a, and reverse mode must not multiply a zero adjoint by an infinite Hessian
   * (seed 3062, programs 17 and 956: NaN gradients).
   */
  @Grad
  public static double unreadInfiniteDerivatives(double a, int n) {
    double dead = RulesOfRules_Frule.kinked(a, 1.0, 0.0, 1.0).tangent();
    double r = RulesOfRules_Rrule.kinked(a, 0.0).bBar();
    double s = a * a;
    if (n > 5) {
      s += r + dead;
    }
    return s;
  }
}
