package io.jgrad.corpus;

import io.jgrad.Grad;
import io.jgrad.NoGrad;

/**
 * Small helpers that the rules inline into their callers: a helper that reassigns its
 * parameters, one that writes its array argument, one with a loop called inside a loop, three
 * levels of helpers, a helper called with a literal, a null array and the same variable twice,
 * record methods, and a helper reading @NoGrad data passed to an ordinary parameter.
 */
public final class Inlining {
  private Inlining() {}

  /** A 2-vector with small methods. */
  public record P(double x, double y) {
    P plus(P o) {
      return new P(x + o.x, y + o.y);
    }

    P scale(double s) {
      return new P(s * x, s * y);
    }

    double norm2() {
      return x * x + y * y;
    }
  }

  private static double clampSquare(double v, double limit) {
    if (v > limit) {
      v = limit; // reassigned: the inlined body works on a copy
    }
    v = v * v;
    return v;
  }

  private static void scaleInto(double[] a, double s) {
    for (int i = 0; i < a.length; i++) {
      a[i] *= s;
    }
  }

  private static double sum(double[] a) {
    double s = 0.0;
    for (double e : a) {
      s += e;
    }
    return s;
  }

  private static double weighted(double[] a, double[] w) {
    if (w == null) {
      return sum(a);
    }
    double s = 0.0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * w[i];
    }
    return s;
  }

  private static double level3(double a) {
    return Math.sin(a) * a;
  }

  private static double level2(double a, double b) {
    return level3(a) + level3(b) * b;
  }

  private static double level1(double a) {
    return level2(a, 2.0 * a) - level3(0.5);
  }

  /** Parameters reassigned inside the helper; the caller's variables unchanged by it. */
  @Grad
  public static double reassigned(double a, double b) {
    double v = a * b;
    double c = clampSquare(v, 1.5);
    return c + v + clampSquare(b, 0.25);
  }

  /** A helper writing its array argument, and loops inside loops. */
  @Grad
  public static double written(double[] x, double s) {
    double[] y = x.clone();
    double total = 0.0;
    for (int k = 0; k < 3; k++) {
      scaleInto(y, s);
      total += sum(y) * weighted(y, null) + weighted(y, x);
    }
    return total;
  }

  /** Three levels of helpers, a literal argument, the same variable passed twice. */
  @Grad
  public static double nested(double a) {
    return level1(a) + level2(a, a) + level2(1.0, a);
  }

  /** Record methods chained, as vector code writes them. */
  @Grad
  public static double records(double ax, double ay, double bx, double by, double t) {
    P a = new P(ax, ay);
    P b = new P(bx, by);
    P c = a.plus(b.scale(t)).plus(a.scale(-0.5));
    return c.norm2() + a.plus(c).norm2();
  }

  /** A helper with an ordinary parameter given @NoGrad data. */
  @Grad
  public static double data(double[] w, @NoGrad double[] x, @NoGrad double[] weights) {
    return weighted(w, x) * weighted(x, weights) + weighted(w, w);
  }
}
