package io.jgrad.corpus;

import io.jgrad.Grad;
import io.jgrad.NoGrad;

/**
 * Programs the random-program tester found wrong answers in (issue 8), shrunk and named after
 * what went wrong; each comment names the seed and program it came from.
 */
public final class FuzzFindings {
  private FuzzFindings() {}

  /** Seed 1, program 57: the inner branch's reverse became empty but must still pop its record. */
  @Grad
  public static double emptiedReverseBranch(double x, int n) {
    if (n > 1) {
      x = x * 2;
    } else {
      if ((int) (x * 1.5) != -1) {
        return 0.1;
      }
    }
    return x * x;
  }

  /** Seed 1, program 59: an integer-valued Math call widened to double has no derivative. */
  @Grad
  public static double roundedLocal(double a, double b) {
    double r = Math.round(a * 3);
    double f = Math.floorDiv((int) (b * 10), 3);
    return r * b + f * a + Math.abs((int) a) * b;
  }

  /** Seed 1, program 19: the element's index reads the variable the statement assigns. */
  @Grad
  public static double indexReadsTheAssignedVariable(double[] x, double a) {
    a += x[Math.floorMod(((int) (a * 1.5)) & ((int) a), x.length)];
    double s = a * x[Math.floorMod((int) (a * 4), x.length)];
    s += x[Math.floorMod((int) (s * 2), x.length)] * s;
    return s;
  }

  /** Seed 1, program 7: an element passed by value to a callee that writes the array. */
  @Grad
  public static double elementPassedToAWriter(double a, double[] x) {
    int w = 0;
    do {
      overwriteFirst(x[0], x, a * Math.tan(x[x.length - 1]));
    } while (w++ < 3 && (x[0] += a) > -2.0);
    return x[0] * a + w;
  }

  /** Writes x[0] from its arguments (which include the old x[0]). */
  @Grad
  public static double overwriteFirst(double first, double[] x, double c) {
    x[0] = first * 0.5 + Math.sin(c);
    return first;
  }

  /** Seed 1, program 10: a writing method with an array result, called with x1 == x2. */
  @Grad
  public static double[] aliasedArrayResult(double[] x1, double[] x2) {
    double[] y = x1;
    x2[0] += y[0];
    return new double[] {Math.sin(y[0]) + x2[0]};
  }

  /** Helper-1 finding 10: a conditional with a (float) branch kept its derivative. */
  @Grad
  public static double floatBranch(double a1, double a2) {
    return ((a1 <= 1) ? ((float) a2) : (1 * a2)) * 2.0;
  }

  /** Reads nothing of x: only its argument a matters. */
  @Grad
  public static double ignoresArray(double[] x, double a) {
    return a;
  }

  /**
   * Helper-1 finding 11: a parameter reassigned to another one's array; the reverse rule must
   * restore the arrays the parameters held on entry, not the ones they hold at the end.
   */
  @Grad
  public static double reassignedParameter(double[] x1, double[] x4, double a) {
    x4 = x1;
    double r = ignoresArray(new double[4], x1[0]);
    x1[0] = 2.0 * a;
    x4[1] = r * a;
    return a * x4[0];
  }

  /** Helper-1 finding 11: a matrix parameter replaced by a fresh one, then written. */
  @Grad
  public static double freshMatrixParameter(double[][] m1, double a) {
    m1 = new double[3][4];
    m1[Math.floorMod((int) a, m1.length)][0]++;
    m1[0][1] = a * a;
    return a * m1[0][0] + m1[0][1];
  }

  /** Helper-1 finding 11: a void method replaces its output parameter with a fresh array. */
  @Grad
  public static void freshOutputParameter(double[] x2, double[] out, double a) {
    out[0] = a * x2[0];
    x2 = new double[] {a, 2 * a};
    out[1] = x2[1] * x2[0];
    x2[0] = 0;
  }

  /** Helper-1 finding 13: an int bitwise expression as the double result. */
  @Grad
  public static double bitwiseResult(double a, int n) {
    if (n <= 0) {
      return a;
    }
    return n & 3;
  }

  /**
   * Seed 101, program 44: both branches end up empty (a continue at the end of the loop body),
   * but the condition reads an element that may be out of range, so it stays: as an if with empty
   * branches, since Java does not take a comparison as a statement.
   */
  @Grad
  public static double emptyBranchesReadingAnElement(double[] a, int k) {
    double s = 0.0;
    for (int i = 0; i < a.length; i++) {
      if (a[i] > 1.0) {
        s += a[i] * a[i];
      } else if (1.5 > -i * a[(i + k) % a.length]) {
        if (i != 4) {
          continue;
        }
      }
    }
    return s;
  }

  /**
   * Seed 101, program 717: a for-each loop whose body replaces the array it loops over. Java
   * evaluates the array once and loops over the old one; the rules read the variable at every
   * step, so they looped over the new, longer array and returned other values.
   */
  @Grad
  public static double[] forEachOverReplacedArray(double a) {
    double[] y = {a, 2 * a};
    double s = 0;
    for (double e : y) {
      s += e * e;
      y = new double[] {s, e, a};
    }
    return y;
  }

  /**
   * Seed 101, program 1139: a matrix parameter replaced by a new matrix whose row length reads the
   * parameter's length. The rules allocated the derivative's matrix after the assignment, with
   * the new length, so its rows were shorter and the next store threw.
   */
  @Grad
  public static double newMatrixSizedByItself(double[][] m, double a) {
    m = new double[2][m.length + 1];
    int last = m[0].length - 1;
    m[0][last] = a * a;
    return m[0][last] + a * m[1][0];
  }

  /**
   * Seed 101, program 528: an element ends near 2^30 (an int added to it). Its finite differences
   * are rounding noise at small steps (even two steps agreeing), which the check took for a wrong
   * tangent; a mismatch within the rounding noise of the quotient is no evidence.
   */
  @Grad
  public static double largeFinalElement(double[] x, int n) {
    n = (n + n) >>> 2;
    for (int i = 0; i < x.length; i++) {
      x[0] += Math.log(i + 0.5);
    }
    x[0] += n;
    return 1.25 * x[1];
  }

  /**
   * Seed 3035, program 970: {@code d3 = (++d2) - d2} is exactly zero, and a later
   * {@code Math.fma(d2, Math.fma(d2++, d3, -2.0), x)} gives d3 the adjoint d2 * d2. The reverse
   * rule added that adjoint into d2's and subtracted it again, and with d2 near 5e8 the sum lost
   * the -2 already there: the gradient missed d2's whole contribution. The reverse sweep now sums
   * the partials of an operand that an expression reads twice before it touches the adjoint.
   */
  @Grad
  public static double selfDifference(double x, double y) {
    double d = 1.0e12 * y * y;
    double z = d - d;
    return Math.fma(d, Math.fma(d, z, -2.0), x);
  }

  /**
   * Seed 3047, program 888: the derivative of {@code d = a % b} with respect to b reads d itself,
   * the value the loop's first {@code d--} overwrites. The reverse rule took the loop's old
   * values for unread (an assignment just before the loop, none read) and kept none, so the
   * remainder's derivative read the final d: g3Bar 125.5 where the forward rule gave 15.75.
   */
  @Grad
  public static double remainderThenDecrements(double x, double y) {
    double d = Math.atan(x) % (0.75 * y);
    for (int i = 0; i < 3; i++) {
      d--;
    }
    return d;
  }

  /**
   * Seed 3049, program 918: {@code n--} before a loop whose body decrements n again. The reverse
   * rule kept none of the loop's values (the assignment just before the loop overwrote what they
   * overwrote) and undid the first decrement with {@code n++} from the loop's final n, so the
   * store's index {@code n % 4} pointed elsewhere on the way back: the element's adjoint went to
   * the wrong entry. The assignment before such a loop now has to restore from the tape.
   */
  @Grad
  public static double decrementsAroundALoop(double[] x, double a, int n) {
    x[Math.floorMod(n, 4)] = Math.hypot(a, a);
    for (int e = 0; e < 3; e++) {
      n--;
      for (int k = 0; k < 2; k++) {
        n--;
      }
    }
    return x[x.length - 1] * n;
  }

  /**
   * Seed 3056, program 435: a private helper called with constants only, which the rules still
   * call through its forward part (they cannot call a private method themselves). In the
   * vector form of the Hessian-vector product the call carried literal zero tangents and looked
   * like data; the one tangent it left on the tape was then popped once per direction, emptying
   * the tape: fHessian threw where the primal returns. Calls of a callee's tangent parts now
   * keep the method to one HVP per column.
   */
  @Grad
  public static double constantHelperInLoop(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * x[i] * seriesOfConstants(0.5, 3);
    }
    return s;
  }

  private static double seriesOfConstants(double a, int n) {
    return n <= 0 ? a : a * seriesOfConstants(a, n - 1) + 1;
  }

  /**
   * Seed 3063, program 732: a {@code @NoGrad} matrix parameter pointed at a new matrix built from
   * the variables. {@code fAdjoint} converted the adjoint's rows as for a matrix whose rows the
   * method moves, but a {@code @NoGrad} parameter has no adjoint buffer there: the rules did
   * not compile.
   */
  @Grad
  public static double[] reassignedConstantMatrix(double a, double[] x, @NoGrad double[][] m) {
    m = new double[][] {{a, 0.25 + a}, {x[0], m[0][0]}};
    double[] out = new double[2];
    for (int i = 0; i < 2; i++) {
      out[i] = m[i][0] * m[i][1] + x[i % x.length];
    }
    return out;
  }
  /**
   * Seed 7, program 337: in the k-direction form of the reverse rule's tangent part, a local
   * declared with its default value just before a loop over the directions came between that
   * loop and its counter's start; the loop then printed as a while loop, declaring its counter
   * in the block, and the next loop over the directions declared a counter of the same name:
   * the rules did not compile.
   */
  @Grad
  public static double laneCounterDeclaredTwice(double[] x1, double[][] m2, int n3) {
    x1[Math.floorMod(++n3, x1.length)] -= x1[Math.floorMod(n3, x1.length)] * n3;
    m2[Math.floorMod(3, m2.length)][Math.floorMod(1, m2[0].length)] =
        m2[0][Math.floorMod(n3, m2[0].length)];
    java.util.Arrays.fill(m2[Math.floorMod(n3, m2.length)], 0,
        Math.min(1, m2[Math.floorMod(n3, m2.length)].length), n3 / 2.0);
    return (int) Math.atan2(m2[0][Math.max(0, Math.min(m2[0].length - 1, n3 * 4))], -2.0)
        + x1[0] * m2[0][0];
  }

  /**
   * Seed 3095, programs 719 and 813: a {@code @NoGrad} number the method assigns, in a method
   * whose {@code fAdjoint} runs both sweeps itself (the loop over {@code e} is reversed inside
   * the forward sweep). The k-direction form of its Hessian-vector product counted the uses of
   * the number's tangent outside the block that truncates the tapes on a throw only
   * ({@code Blocks.visitExprs} did not look inside it), took it for a local of the one loop
   * over the directions that zeroes it, and the rules did not compile.
   */
  @Grad
  public static double assignedConstantBeforeAFusedLoop(@NoGrad double a, double b) {
    int w = 0;
    while (w++ < 2) {
      int v = 0;
      while ((w <= 2 || (a -= b) > 0.75) && v++ < 1) {
        a *= -StrictMath.log10(b * b + 1.0);
      }
    }
    for (double e : new double[1]) {
      double unused = a;
    }
    return 2.0 + a * b;
  }

  /**
   * Seed 3097, program 350 (the processor of 22c7a2c too): a copy made per iteration and stored
   * into a row of a new matrix. The copy's adjoint was taken from the row it was stored into,
   * so the copy was not kept per iteration; but the reverse of the copying loop put the copy's
   * old elements back through the variable, which by then held the last iteration's copy, of
   * another length: the rules threw where the primal returns.
   */
  @Grad
  public static double copiesPerIteration(int n, double[] x) {
    double s = 0;
    for (int i = 0; i < 2; i++) {
      double[][] w = new double[3][];
      for (int j = 0; j < w.length; j++) {
        w[j] = java.util.Arrays.copyOf(x, Math.floorMod(--n, 3) + 1);
      }
      s += w[Math.floorMod(n, w.length)][w[0].length - 1] * x[0];
    }
    return s;
  }
}
