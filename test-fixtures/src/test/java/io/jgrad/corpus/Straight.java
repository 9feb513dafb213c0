package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Straight-line code: arithmetic, literals, every compound assignment, {@code ++}/{@code --} as
 * statements and as values, unary minus and plus, casts between double, float, int and long,
 * {@code %} on doubles, ternaries, reassigned locals and reassigned parameters.
 */
public final class Straight {
  private Straight() {}

  /** + - * / on two active scalars. Checked with x, y in [0.5, 2]. */
  @Grad
  public static double arithmetic(double x, double y) {
    return (x * y - x / y + 3.0 * x - y) / (1.0 + x * x) + 2.5;
  }

  /** Floating, integer, long, float, hex and underscore literals mixed with active values. */
  @Grad
  public static double literals(double x) {
    double a = 1e-3 * x + 2.5e2 / (x * x + 1.0);
    double b = .5 * x + 5. * x * x;
    double c = 0x10 * x + 1_000 * 1e-3 * x;
    double d = 3f * x + 2L * x + 7 * x;
    return a + b - c + d;
  }

  /**
   * Every compound assignment operator on doubles. Checked with x, y in [0.5, 2] (where the {@code
   * %=} quotient stays 2).
   */
  @Grad
  public static double compoundAssign(double x, double y) {
    double s = x;
    s += y * y;
    s -= 0.5 * x;
    s *= y;
    s /= 1.0 + x * x;
    double t = 2.0;
    t *= s;
    t += s;
    t -= x;
    t /= y;
    double u = 0.1 * x + 1.3;
    u %= 0.6;
    return s + t + u;
  }

  /**
   * {@code %} on doubles, positive and negative dividends, active divisor. Checked with x in [0.25,
   * 0.55] and y in [2.5, 3]: every truncated quotient is constant there.
   */
  @Grad
  public static double modulo(double x, double y) {
    double r = (x * x + 3.0) % y;
    double s = (5.0 * x + 7.0) % 2.0;
    double u = (-x - 2.0) % 1.5;
    return r + s * y + u * x;
  }

  /** Pre- and post-increment and decrement, as statements and inside expressions. */
  @Grad
  public static double incrementDecrement(double x) {
    double a = x;
    a++;
    ++a;
    a--;
    double b = a++ * 2.0 + --a;
    double c = (a--) * x;
    int k = 0;
    k++;
    k += 2;
    --k;
    return a * b + c + k * x;
  }

  /** Unary minus (also doubled) and unary plus. */
  @Grad
  public static double unaryMinus(double x, double y) {
    double z = -x;
    double w = -(z * y);
    return -w + -(-y) * +x - -z * w;
  }

  /** double -> float -> double round trips; implicit float -> double widening. */
  @Grad
  public static double floatCasts(double x) {
    float f = (float) x;
    float g = f * f + 1.0f;
    double d = g;
    double e = (double) (float) (x * 3.0);
    return d * x + e + (float) Math.sin(x);
  }

  /**
   * Truncating casts to int and long: piecewise constant, derivative zero. Checked away from
   * multiples of 0.05, where the truncations jump.
   */
  @Grad
  public static double integerCasts(double x) {
    int i = (int) (x * 10.0);
    long l = (long) (x * 4.0);
    double back = (double) i + l * 0.25;
    int j = (int) x;
    return back * x + (double) j * x * x + (long) 3 * x;
  }

  /** Ternaries selecting between active expressions. Checked away from the switch points. */
  @Grad
  public static double ternary(double x, double y) {
    double a = x > 0 ? x : -x;
    double b = y < a ? y * a : y + a;
    return a * b + (x * y > 1.0 ? 1.0 : 0.5) * y;
  }

  /** Locals overwritten with values that depend on their old values. */
  @Grad
  public static double reassignments(double x) {
    double a = x * x;
    double b = a * x;
    a = b - a;
    b = a * b;
    a = a / (1.0 + b * b);
    double c = a;
    c = c * c + a;
    return a + b / (1.0 + a * a) + c;
  }

  /** Parameters overwritten in the body (the reverse sweep needs their original values). */
  @Grad
  public static double parameterReassign(double x, double y) {
    x = x * 2.0 + y;
    y *= x;
    x += Math.sin(y);
    return x * y;
  }
}
