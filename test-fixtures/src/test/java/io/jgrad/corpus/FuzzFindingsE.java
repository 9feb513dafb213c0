package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * What the random-program tester found once it generated records (seeds 301 to 308, and seeds 1,
 * 11, 21 and 24 while the generator was written), shrunk and named after what went wrong; each
 * comment names the seeds and programs it came from and the cause. All were processor bugs (one
 * a limitation the README did not state), fixed since:
 *
 * <ul>
 *   <li>the methods below got wrong rules; {@code CorpusTest} checks them;
 *   <li>the programs jgrad rejected or crashed on, or whose rules did not compile, are kept as
 *       sources here: {@code FuzzFindingsTest} compiles each with jgrad and checks it.
 * </ul>
 */
public final class FuzzFindingsE {
  private FuzzFindingsE() {}

  /** A value whose check throws for a large component; check's result has no derivative. */
  public record Checked(double x) {
    int check() {
      if (x > 1) {
        throw new IllegalArgumentException("too large: " + x);
      }
      return 0;
    }
  }

  /**
   * Seed 24, program 125 (processor bug, fixed): the call statement {@code c.check();} of a
   * record method whose result has no derivative was left out of the rules, which then returned
   * where the primal throws. (A passive record method lowers to an {@code Expr.Invoke};
   * {@code ExpressionLowerer.statement} keeps only {@code Expr.Call} results as statements.)
   */
  @Grad
  public static double discardedPassiveRecordCall(Checked c) {
    c.check();
    return c.x() * c.x();
  }

  /** A record with one differentiable component. */
  public record Particle(double x) {}

  /**
   * Seeds 302 (program 667), 304 (302), 305 (834) and 307 (153) (processor bug, fixed; the same
   * cause as {@link #recordIndexReadsTheAssignedRecord}): in {@code d += ps[i].x()} the index
   * {@code i} reads {@code d}, the variable the statement assigns. The forward rule computed the
   * tangent as
   * {@code dDot += psDot[Math.min(ps.length - 1, (int) d)].x} after {@code d} has changed (the
   * tangent of another element), and the reverse rule adds into the adjoint of that other
   * element. (The same statement on a {@code double[]} is right: {@code
   * FuzzFindings.indexReadsTheAssignedVariable}.)
   */
  @Grad
  public static double recordIndexReadsTheAssignedVariable(Particle[] ps, double d) {
    d += ps[Math.min(ps.length - 1, (int) d)].x();
    return d;
  }

  /** A record with a differentiable component and an index. */
  public record Indexed(double x, int k) {}

  /**
   * Seeds 304 (program 20) and 306 (392) (processor bug, fixed; the cause of {@link
   * #recordIndexReadsTheAssignedVariable}): {@code p = ps[i]} where {@code i} reads {@code p}.
   * The forward rule assigned {@code pDot = psDot[Math.floorMod(p.k(), ps.length)]} after {@code
   * p} has changed: the tangent of another element. (Found through a helper that reassigns its
   * record parameter to an element of its array parameter and returns it.)
   */
  @Grad
  public static double recordIndexReadsTheAssignedRecord(Indexed[] ps) {
    Indexed p = ps[0];
    p = ps[Math.floorMod(p.k(), ps.length)];
    return p.x();
  }

  /**
   * Seeds 304 (program 331), 307 (433) and 308 (648, 662) (processor bug, fixed): a void method
   * that may write {@code os3[0]} (here it does not: {@code a <= 5}) and then replaces {@code
   * os1[last]} by {@code os3[0]}. The final {@code os1[last]} is the entry {@code os3[0]}, so
   * {@code os3Bar[0]} must get the cotangent that {@code os1Bar[last]} holds on entry; the adjoint
   * returned with both zero. (The forward sweep points {@code os1Bar[last]} at {@code
   * os3Bar[0]}'s tangent object; the adjoint added the caller's cotangents of {@code os1}'s final
   * elements into the objects now there, and then cleared {@code os3}'s entry objects, that one
   * among them, before adding {@code os3}'s. Now every array's entry objects are cleared before
   * any cotangent is added. The programs found write the other array before or after: {@code
   * os2[0] = new P(a); os1[0] = os2[1];}, or through a recursive call.)
   */
  @Grad
  public static void replacedByAnElementOfAWrittenArray(Particle[] os1, double a,
      Particle[] os3) {
    if (a > 5) {
      os3[0] = os1[0];
    }
    os1[os1.length - 1] = os3[0];
  }

  // ------------------------------------------------ programs that did not compile with jgrad

  /**
   * Seeds 11, 21, 301 and 306 (21 programs; processor bug, fixed: the rules call a copy, the
   * receiver first): a private instance method of a record whose result has no derivative was
   * rejected with "call to Vec.isPositive() cannot be
   * differentiated: it is not static", although a private static method of the kind is called
   * through a copy and a package-private instance method as it is ({@code
   * CallLowerer.recordMethod} takes a record method as passive only if it is not private).
   */
  static final String PRIVATE_PASSIVE_RECORD_METHOD = """
      package fuzzfindings;

      import io.jgrad.Grad;

      public final class PrivatePassiveRecordMethod {
        record Vec(double x) {
          private boolean isPositive() {
            return x > 0;
          }
        }

        @Grad
        public static double f(double a) {
          return new Vec(a).isPositive() ? a : 2 * a;
        }
      }
      """;

  /**
   * Seeds 21 (program 137), 301 (38) and 306 (202, 339) (processor bug, fixed): an instance
   * method of a record
   * without double or float components that returns a double (computed from data only, so
   * without derivative, like a static method the README calls passive) was rejected with "call
   * to Grid.half() cannot be differentiated: it is not static" ({@code CallLowerer.recordMethod}
   * takes a record method as passive only if its result type has no derivative).
   */
  static final String DATA_RECORD_DOUBLE_METHOD = """
      package fuzzfindings;

      import io.jgrad.Grad;

      public final class DataRecordDoubleMethod {
        record Grid(int n) {
          double half() {
            return n / 2.0;
          }
        }

        @Grad
        public static double f(double a, int n) {
          return a * new Grid(n).half();
        }
      }
      """;

  /**
   * Seeds 1, 11, 21, 301 and 306 (32 programs; processor bug, fixed on main after e673da6: this
   * compiles and passes with 7698a55): a static method returning a record
   * without a differentiable parameter (passive: its result has no derivative) assigned to a
   * record local crashes jgrad: "jgrad internal error while processing f:
   * java.lang.ClassCastException: class io.jgrad.processor.ir.Expr$Call cannot be cast to class
   * io.jgrad.processor.ir.Expr$Index", in {@code ReverseTransform.adjointOf} (from {@code
   * shadow}, from {@code pointer}), which has no case for a call: its adjoint should be a zero
   * tangent, as for a constant.
   */
  static final String PASSIVE_RECORD_FACTORY = """
      package fuzzfindings;

      import io.jgrad.Grad;

      public final class PassiveRecordFactory {
        record Vec(double x) {
          static Vec unit(boolean negative) {
            return new Vec(negative ? -1.0 : 1.0);
          }
        }

        @Grad
        public static double f(double a) {
          Vec v = Vec.unit(a < 0);
          return a * v.x();
        }
      }
      """;

  /**
   * Seeds 303 (programs 485, 808) and 305 (452) (processor bug, fixed): a component of a record
   * constant ({@code
   * K.a()}, {@code K} a {@code static final Pair}) whose record type the methods use nowhere
   * else: the rules take its tangent as {@code new ConstantComponent_Pair_Tangent().a}, but no
   * tangent class was generated for {@code Pair}, so the rules did not compile ("cannot find
   * symbol: class ConstantComponent_Pair_Tangent").
   */
  static final String CONSTANT_COMPONENT = """
      package fuzzfindings;

      import io.jgrad.Grad;

      public final class ConstantComponent {
        record Vec(double x) {}

        record Pair(Vec a, double w) {}

        static final Pair K = new Pair(new Vec(1.5), 2.0);

        @Grad
        public static double f(double s) {
          Vec v = K.a();
          return s * v.x();
        }
      }
      """;

  /**
   * Seed 306, program 110 (processor limitation the README did not state, lifted: the copy calls
   * the methods themselves): a private method whose result has no derivative (a record factory
   * without differentiable parameters, or a static double method of ints) was rejected if it
   * calls a method with rules: "unit is private
   * and its result has no derivative, so jgrad copies it into the rule classes; but it calls
   * fuzzfindings.PrivatePassiveCallsRules.Vec.twice, which has rules: make unit
   * package-private". The README says such a method is copied into the rule classes and does
   * not mention the restriction; here the callees are package-private, so a copy could call
   * them as the primal does.
   */
  static final String PRIVATE_PASSIVE_CALLS_RULES = """
      package fuzzfindings;

      import io.jgrad.Grad;

      public final class PrivatePassiveCallsRules {
        record Vec(double x) {
          Vec twice() {
            return new Vec(2 * x);
          }

          private static Vec unit(int n) {
            return new Vec(n).twice();
          }
        }

        @Grad
        public static double f(double a, int n) {
          return a * Vec.unit(n).x();
        }

        static double twice(double v) {
          return 2 * v;
        }

        private static double scale(int n) {
          return twice(n);
        }

        @Grad
        public static double g(double a, int n) {
          return a * scale(n);
        }
      }
      """;
}
