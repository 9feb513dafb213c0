package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * What the random-program tester found once it generated mutable classes (seeds 401 to 404, with
 * {@code -Djgrad.fuzz.objects=1}), shrunk and named after what went wrong; each comment names the
 * seed and program it came from and the cause:
 *
 * <ul>
 *   <li>the methods below got wrong rules (fixed, checked by {@code CorpusTest});
 *   <li>the program jgrad used to reject is kept as a source here ({@link #TERNARY_RECEIVER}):
 *       {@code FuzzFindingsTest} compiles it with jgrad and checks it.
 * </ul>
 */
public final class FuzzFindingsF {
  private FuzzFindingsF() {}

  /** A mutable cell: one differentiable field. */
  static final class Cell {
    double x;

    Cell(double x) {
      this.x = x;
    }
  }

  private static void put(Cell c, double v) {
    c.x = v;
  }

  /**
   * Seed 403, program 573 (processor bug, fixed on main by dee706d, which the generator's branch
   * did not have yet: a method taking a mutable object is a helper): a void helper whose only
   * argument with a derivative is an object it writes ({@code put(c, 2.0)}: the double argument
   * is a constant) was taken for passive. Both rules called it as it is (through the copy {@code
   * FuzzFindingsF_Frule.put(c, 2.0)} of the private helper) and left
   * {@code cDot.x} (forward) and {@code cBar.x} (reverse) as they were, so the derivative of
   * {@code c.x} is that of {@code a} where {@code c.x} is the constant 2. (The cause: a static
   * void method counted as a helper only if it took an array, so one writing an object and
   * taking no derivative through its double argument looked passive.) In the
   * program the helper was {@code static void h2(B0 ob1, double d2) { ob1.m1((float) Math.pow(
   * Math.abs(d2--) + 0.5, 0.5), (int) (ob1.v * 3.0)); }}: {@code d2} is active at the call but
   * reaches no derivative inside (m1 ignores its float), and {@code m1} sets {@code x = 2.0}.
   * With a double argument that matters ({@code put(c, a)}) the helper gets rules; instance
   * methods writing their receiver ({@code c.m(2.0)}) get rules too.
   */
  @Grad
  public static double objectOnlyHelper(double a) {
    Cell c = new Cell(a);
    put(c, 2.0);
    return c.x * a;
  }

  /** A mutable object with a differentiable field and a counter. */
  static final class Tally {
    double x;
    int count;

    Tally(double x) {
      this.x = x;
    }
  }

  /**
   * Seed 2501, program 64 (processor bug, fixed): the reverse sweep puts back each field a loop
   * overwrote, in the object the forward sweep wrote ({@code ts[i]}), so it reads the loop
   * counter {@code i}; the to-be-recorded analysis did not count that read, the reverse of the
   * outer loop did not count {@code i} back, and the first put-back indexed {@code ts[-1]}
   * (ArrayIndexOutOfBoundsException in the adjoint). Only an int field is written here, so
   * nothing else in the loop's reverse reads {@code i}.
   */
  @Grad
  public static double counterWrittenInNestedLoops(double[] xs) {
    Tally[] ts = {new Tally(xs[0]), new Tally(2.0)};
    double s = 0.0;
    for (int i = ts.length - 1; i >= 0; i--) {
      for (int j = xs.length - 1; j >= 0; j--) {
        ts[i].count--;
        s += xs[j] * xs[j];
      }
    }
    return s * ts[0].x + ts[1].count;
  }

  /** Names a new object with its parameter, then writes it: the caller's object is untouched. */
  private static double rebound(Tally t, double a) {
    Tally local = new Tally(a);
    t = local;
    t.count++;
    t.x *= 2.0;
    return t.x;
  }

  /**
   * Seed 2502, program 415 (processor bug, fixed: a rejection): the write effects of {@code
   * rebound} counted its writes to the local object as writes to its parameter (the alias
   * classes join {@code t} and {@code local}), so this method, which passes its own object
   * parameter, was rejected with "changes a field of an object its parameter given refers to".
   * Write effects now ask about the caller's memory only ({@code ArrayEffects.ofEntryArrays}).
   */
  @Grad
  public static double parameterRebound(double a, Tally given) {
    return rebound(given, a) + given.x * a;
  }

  /** A value class whose method returns its double parameter, as getters of a path do. */
  public static final class Holder {
    double x;

    public Holder(double x) {
      this.x = x;
    }

    double same(double d) {
      return d;
    }
  }

  private static double identity(double d) {
    return d;
  }

  /**
   * Seed 2901, program 685: a getter returning a double parameter ({@code return d;}) is read as
   * its argument at the call; the argument {@code a * (a + a)} was lowered as a passive value,
   * so {@code a + a} counted as a constant: the derivative was 2a instead of 4a.
   */
  @Grad
  public static double scalarGetterArgument(double a) {
    Holder h = new Holder(a);
    return h.same(a * (a + a)) + identity(Math.sin(a) * (a - 2 * a)) * h.x;
  }

  /** A record of data only: no tangent class. */
  public record Flag(boolean on) {}

  private static Flag[] flags(Holder h, Flag given) {
    return new Flag[] {new Flag(h.x <= 0.5), given};
  }

  /**
   * Seed 2904, program 721: a helper (it takes a mutable object) returning an array of records of
   * data: the reverse rule seeded its result's adjoint that has none (an internal error), and the
   * caller gave the result an adjoint of a tangent class that does not exist.
   */
  @Grad
  public static double dataArrayResult(double[] x, Flag given) {
    Flag[] fs = flags(new Holder(x[0]), given);
    return fs[0].on() ? x[0] * x[1] : x[1];
  }

  /** A float and an int. */
  public record Weighted(float f, int k) {
    double weight() {
      return k;
    }
  }

  /**
   * Seed 2908, program 836: a getter returning its int component as a double ({@code double
   * weight() { return k; }}) was read as the int itself, so {@code w.weight() * w.f()} was
   * computed in float: the rules' value was not the primal's.
   */
  @Grad
  public static double widenedGetter(Weighted w, double a) {
    return w.weight() * w.f() + a * w.f();
  }

  /** Two numbers and a count that {@link #checked} gives only for a non-negative x. */
  public record Checked(double x, int k, double y) {
    int checked() {
      if (x < 0.0) {
        throw new IllegalArgumentException("x < 0");
      }
      return k;
    }
  }

  /**
   * Seed 3112, program 914: a record method that may throw ({@code c.checked()}) as an argument
   * before one that increments {@code x[0]}: the rules called it after the increment (it was
   * left in the constructor call as a passive int), so where it threw, {@code x[0]} had been
   * incremented once more than by the primal.
   */
  @Grad
  public static double callBeforeAnIncrement(double[] x, double a) {
    Checked c = new Checked(a, 2, a);
    Checked d = new Checked(x[1] * (x[0]++), Math.max(c.checked(), 1), (x[0]++) * a);
    return d.x() * a + d.y() + x[0] * d.k();
  }

  /**
   * Seed 3114, program 621: an element of a parameter's array of records, chosen by an index
   * with a call in it ({@code Math.floorMod}), stored into a local array whose slots kept their
   * adjoint objects ({@code SlotAdjoints}): the element's adjoint object was replaced by the
   * slot's fresh one, so what the reverse added into it never reached the parameter's element,
   * nor {@code a} through {@code os[1] = new Checked(1.0, 4, a)}. With {@code os[i]} the element
   * was read again on the way back and the gradient was right.
   */
  @Grad
  public static double elementOfAnotherArrayInASlot(Checked[] os, double a) {
    os[1] = new Checked(1.0, 4, a);
    for (int i = 0; i < os.length; i++) {
      Checked[] ps = {os[Math.floorMod(i, os.length)]};
      a -= -ps[0].y() * a;
    }
    return Math.sin(a * a) + os[0].x();
  }

  /**
   * Seed 3115, program 997: {@code Arrays.fill} of a matrix's row, a loop writing the row
   * through a variable of its own ({@code t1 = w[0]}), was computed again in the reverse sweep
   * ({@code RecomputedIterations}) because no reverse statement read {@code t1}; the reverse of
   * {@code w[0][0] * a} read {@code w[0][0]} after it and found the filled value, not {@code a}.
   */
  @Grad
  public static double fillARowThenReadIt(double a) {
    double[][] w = new double[1][2];
    w[0][0] = a;
    java.util.Arrays.fill(w[0], Math.log10(w[0][0] * a * (w[0][0] * a) + 1.0));
    return w[0][0] * w[0][1] + a;
  }

  /** Adds {@code x[0] + 1} into the element {@code x[0]} picks (small: inlined into callers). */
  private static void bumpPicked(double[] x) {
    x[Math.max(0, Math.min(x.length - 1, (int) x[0]))] += x[0] + 1.0;
  }

  /**
   * Seed 3123, program 566: the inlined {@link #bumpPicked}'s index {@code max(0, min(x.length -
   * 1, (int) x[0]))} was computed again in the reverse sweep instead of taped, after the store
   * into {@code x[0]} had changed what it reads: {@code ToBeRecorded} told reads of {@code x}'s
   * length apart from reads of its elements by the identity of the {@code Ref}, which inlining
   * shares between {@code x.length} and {@code x[0]}. With x[0] in (-0.45, -0.35) the index is
   * 0, 0, 1, 1: x[0] ends at 4 x[0] + 3, x[1] at x[1] + 8 x[0] + 8.
   */
  @Grad
  public static double indexReadAfterItsStore(double[] x) {
    for (int i = 0; i < 4; i++) {
      bumpPicked(x);
    }
    return x[0] * x[x.length - 1];
  }

  /** Three levels of records, the outer one with a constant (seed 3125, program 325). */
  record Twig(double v, int n, double w) {}

  record Branch(float f, Twig leaf) {}

  record Tree(Branch p, int k, double x) {
    static final Tree CONST = new Tree(new Branch(0.5f, new Twig(2.0, 1, -0.75)), 3, -0.75);
  }

  /**
   * Seed 3125, program 325: no second-order rules (so a method reading this one's rules was
   * rejected). The loop builds a record from a component of a nested record constant and drops
   * it; the rules keep the adjoint of {@code Tree.CONST.p()}, the zero {@code new
   * Tree_Tangent().p}, but not the read itself, and the second-order transform learnt which
   * tangent classes exist from the types the rule mentions: {@code Tree} was no longer among
   * them, so it took {@code Tree_Tangent} for a class without derivatives. Now a tangent type
   * remembers its record.
   */
  @Grad
  public static double adjointOfADroppedConstantRead(double a) {
    double s = 0.0;
    int i = 0;
    while (++a < 3.0 && i++ < 4) {
      Twig unused = new Twig(1.0, i, Tree.CONST.p().f());
      s += a * a;
    }
    return s;
  }

  /**
   * Seed 3142, programs 143 and 380: x[0] squared over and over (to about 1e59), then {@code
   * exp(log(1 + t * t))} with t about 1e119. The partial of y in x / y, x / y^2, was formed on its
   * own in the tangent of the reverse of {@code log} (1 / t^2 = 1e-477, which is 0) and only then
   * multiplied by the tangent: the Hessian-vector product came out 2-3x off, while the value and
   * the gradient were right.
   */
  @Grad
  public static double hugeLogCurvature(double[] x) {
    for (int k = 0; k < 4; k++) {
      x[0] += Math.pow((x[3] + x[0]) * (x[3] + x[0]) + 1.0, 2.0);
    }
    double s = 0.0;
    for (int m = 0; m < 3; m++) {
      double t = 0.0;
      for (int j = 0; j < x.length; j++) {
        double w = x[j] - 0.5 * m;
        t += w * w;
      }
      s += Math.exp(Math.log(1.0 + t * t));
    }
    return x[3] + s;
  }

  /**
   * Seeds 403 (program 71) and 404 (186); accepted since @Grad methods may change the objects
   * they are passed (the conservative alias union now costs a save and restore of o's fields,
   * not a rejection; it still rejects such a method with a double[] result). Alias classes are
   * flow-insensitive unions, so a conditional over a local object and a parameter joins their
   * classes. jgrad rejected this program with "@Grad method f
   * changes a field of an object its parameter o refers to", although only objects the method
   * built are written: reading {@code (a > 0 ? cs[0] : o).x} (a conditional whose branches are
   * an element of the local array and the parameter) seems to merge the array's objects with the
   * parameter's for the argument-effects check ({@code ArgumentEffects}), so the later write
   * {@code cs[0].x += 1.0} counts as a write to the parameter's object. Without the conditional
   * ({@code double r = o.x;}) it compiles. In program 186 the write was to a boolean field
   * ({@code ob3.flag = ...}) after {@code ((1 == (int) d4) ? obs2[0] : ob3).x}.
   */
  static final String TERNARY_RECEIVER = """
      package fuzzfindings;

      import io.jgrad.Grad;

      public final class TernaryReceiver {
        static final class Cell {
          double x;

          Cell(double x) {
            this.x = x;
          }
        }

        @Grad
        public static double f(double a, Cell o) {
          Cell[] cs = {new Cell(a)};
          double r = (a > 0 ? cs[0] : o).x;
          cs[0].x += 1.0;
          return cs[0].x * r;
        }
      }
      """;
}
