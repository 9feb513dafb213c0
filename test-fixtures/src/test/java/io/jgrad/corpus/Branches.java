package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Value-dependent control flow: if/else-if chains, nested ifs, ifs without else, ternaries with
 * active branches (also nested), boolean locals and {@code && || !} in conditions, clamping.
 */
public final class Branches {
  private Branches() {}

  /** if / else if / else if / else, with a local assigned in every branch. */
  @Grad
  public static double ifElseChain(double x) {
    double r;
    if (x < -1.0) {
      r = -x * x;
    } else if (x < 0.5) {
      r = Math.sin(x) + 2.0;
    } else if (x < 1.5) {
      r = x * x * x;
    } else {
      r = Math.log(x) * 4.0;
    }
    return r * x;
  }

  /** Ifs nested three deep, conditions on active products. */
  @Grad
  public static double nestedIf(double x, double y) {
    double r = x + y;
    if (x > 0) {
      if (y > 0) {
        r = r * x * y;
      } else {
        r = r - x * y;
        if (x * y < -1.0) {
          r = r * r;
        }
      }
    } else {
      if (y > x) {
        r = Math.exp(x) * y;
      } else {
        r = Math.cos(x * y);
      }
    }
    return r;
  }

  /** Ifs without else that update an accumulator. */
  @Grad
  public static double ifWithoutElse(double x, double y) {
    double r = y;
    if (x > 1.0) {
      r = r * x;
    }
    if (x > 2.0) {
      r += Math.log(x);
      r *= y;
    }
    if (y < 0.0) r -= x * y;
    return r + x;
  }

  /** Ternaries whose both arms and whose conditions are active. */
  @Grad
  public static double activeTernary(double x, double y) {
    double m = x > y ? x * x : y * Math.sin(x);
    double n = (m > 0.5) ? Math.sqrt(m) : m * m;
    return m * n + (y > 0 ? y : -y) * x;
  }

  /** A chain of nested ternaries. */
  @Grad
  public static double nestedTernary(double x) {
    return x < -1.0 ? x * x : x < 1.0 ? Math.sin(x) : x > 2.0 ? Math.sqrt(x) : Math.exp(-x);
  }

  /** Boolean locals, &&, ||, ! and parenthesised conditions. */
  @Grad
  public static double booleanLogic(double x, double y, double z) {
    boolean p = x > y;
    boolean q = p && z < 0.5;
    boolean r = !p || y * z > 0.25;
    double s = x + y + z;
    if (q || (r && !(x < -1.0))) {
      s = s * x;
    } else {
      s = s - y * z;
    }
    if (!q && !r) {
      s += Math.exp(z);
    }
    boolean t = false;
    if (x * z > 0.0 || z > 1.0) {
      t = true;
    }
    return t ? s * z : s + z;
  }

  /** Clamp into [lo, lo + 2]: the bound is an active input too. */
  @Grad
  public static double clamp(double x, double lo) {
    double v = x;
    if (v < lo) v = lo;
    if (v > lo + 2.0) v = lo + 2.0;
    return v * v + x;
  }

  /** Huber loss summed over an array: branches inside a loop, C1 at the switch points. */
  @Grad
  public static double huberSum(double[] r, double delta) {
    double s = 0.0;
    for (int i = 0; i < r.length; i++) {
      if (r[i] * r[i] <= delta * delta) {
        s += 0.5 * r[i] * r[i];
      } else {
        s += delta * (Math.abs(r[i]) - 0.5 * delta);
      }
    }
    return s;
  }
}
