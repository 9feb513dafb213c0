package io.jgrad.check;

import java.util.Objects;
import java.util.Random;
import java.util.function.Function;

/**
 * Checks the rules jgrad generated for one {@code @Grad} method, for use in ordinary (JUnit or
 * other) tests. It finds {@code Foo_Frule} and {@code Foo_Rrule} by reflection and, at each point,
 * checks:
 *
 * <ol>
 *   <li><b>values</b>: the forward rule, the reverse rule, the low-level adjoint and (for array
 *       results) the Jacobian return the primal's value bit for bit (a {@code float} result
 *       compared widened to {@code double}, a {@code double[]} result element for element), and
 *       leave every array argument exactly as the primal leaves it;
 *   <li><b>forward vs finite differences</b>: the checked function maps the differentiable
 *       scalars and the entry contents of every {@code double[]}/{@code double[][]}/{@code
 *       double[][][]} argument to
 *       the outputs: the result (a scalar, the elements of a {@code double[]}, nothing for
 *       {@code void}) and the final contents of every array argument. Along a random direction
 *       {@code d ~ N(0, 1)}, the forward rule's tangents (of the result, and left in the tangent
 *       arrays it updates in place) match the central differences
 *       {@code (F(x + hd) - F(x - hd)) / 2h} for the best of {@code h = 1e-2 ... 1e-7} (times
 *       {@code max(1, max |x|)}), each output within {@link #fdTolerance} relative to
 *       {@code max(1, |tangent|)};
 *   <li><b>reverse vs forward</b>: dot-product tests. With a random cotangent on the result only
 *       ({@code ybar}, or {@code resultBar} for a {@code double[]} result): {@code <ybar, J d> ==
 *       <J^T ybar, d>} for the adjoint started from zero buffers and for the convenience method,
 *       to {@code 1e-10} relative; a second adjoint call on the same buffers must add to
 *       scalarBars and to the buffers of arrays the primal leaves unchanged. With random
 *       cotangents on every output ({@code xbarOut} in the adjoint buffers on entry, random
 *       scalarBars on entry): {@code <ybar, ydot> + sum <xbarOut, xdotOut> == sum <xBar after,
 *       xdot> + sum (scalarBars added) * sdot}, which is the README's definition of the adjoint
 *       of a mutated argument;
 *   <li><b>Jacobian</b> (array results): {@code fJacobian} equals the Jacobian assembled from
 *       forward-mode columns (of the result only, columns in parameter order), to {@code 1e-10}
 *       relative to its largest entry, and leaves the arguments as the primal does (skipped when
 *       arguments are aliased, where columns are ambiguous). A {@code double[][][]} takes its
 *       innermost rows one after the other as columns ({@code x[0][0][*], x[0][1][*], ...,
 *       x[1][0][*], ...}; null rows and null sub-matrices none).
 *   <li><b>vector forward mode</b>: where {@code fDirections} exists, one call along three
 *       directions at once (the point's, a random one, zero) gives the value, the arguments, the
 *       result's tangents and the tangent arrays of three single-direction forward calls, bit
 *       for bit (skipped when arguments are aliased).
 * </ol>
 *
 * <p><b>Custom rules.</b> {@link #ofRules} checks the hand-written rules of a {@code
 * @io.jgrad.CustomRules} holder against their target method in the same ways (values, arguments,
 * finite differences, dot-product tests, accumulation); the checks of methods jgrad generates
 * besides (the convenience reverse method, {@code Jacobian}, {@code Directions}, {@code Into},
 * {@code Hvp}) do not apply and are skipped.
 *
 * <p>Points where some output is NaN or infinite, or where no finite difference is finite, get
 * the value checks only; the check fails if no point at all could be checked further.
 *
 * <p><b>Aliasing.</b> Arguments are copied keeping their sharing (an array passed for two
 * parameters stays one array, and its tangent and adjoint are then one array too, passed for
 * both). {@link #alias} passes the same array for two parameters and requires the rules to be
 * correct for the aliased function (for methods that only read the arrays); {@link
 * #checkAliasing} also accepts rules that reject the call with {@link IllegalArgumentException}
 * (what the README promises for methods that write one of them) provided they all do and leave
 * the arguments untouched.
 *
 * <p><b>Record results.</b> A method returning a differentiable record (or data class) is checked
 * like one returning a {@code double[]} of its numbers, in the same order: the values are compared
 * number by number, the forward rule's {@code R_Tangent.Dual} is read as value and tangent
 * numbers, and the output cotangents are passed to the reverse rules as {@code R_Tangent} objects
 * shaped like the result.
 *
 * <p><b>Records.</b> A differentiable record parameter (one with a {@code double}, {@code float},
 * {@code double[]}, {@code double[][]} or {@code double[][][]} component, or a differentiable
 * record component) contributes its differentiable numbers, depth-first in component order, as
 * inputs: a scalar component one, an array component its elements, a matrix component its rows one
 * after the other, a {@code double[][][]} component its innermost rows one after the other (null
 * arrays, sub-matrices and rows none), as the generated {@code R_Tangent.put} lays them out as
 * Jacobian columns. Its tangent and adjoint are objects of the generated {@code R_Tangent} class,
 * with arrays shaped like the record's, and the adjoint adds into them like into a {@code double[]}
 * buffer. Each record argument, and each non-null element of a record array, is an input of its own
 * even if the same object appears twice (an array a record holds counts as part of the record, even
 * if it is also passed on its own). A record is perturbed by rebuilding it through its canonical
 * constructor, with fresh copies of its {@code double[]}/{@code double[][]}/{@code double[][][]}
 * components; its data components ({@code int[]}, {@code String}, ...) are kept. A record holding
 * arrays is memory, like an array argument: it is copied deeply for every call, a method may write
 * its arrays (their final contents are then outputs, read from the record after the call, and every
 * rule must leave them as the primal does), and it is compared and rendered by contents. The
 * elements of a record array are compared position by position, like the rows below. A plain class
 * used as data ({@code final class Csr { final int[] rowPtr; final double[] values; ... }}) is
 * checked like a record whose components are its instance fields, in declaration order (see {@code
 * ClassType}); it is rebuilt by setting the fields of a new instance.
 *
 * <p><b>Rows of a {@code double[][]}</b> are compared position by position: the final contents of
 * {@code w[2]} are whatever row {@code w[2]} holds when the method returns (even if the method
 * swapped or replaced row objects), the forward rule must leave their tangent in
 * {@code wDot[2]}, the adjoint receives their cotangent in {@code wBar[2]} on entry and must
 * return the cotangent of the entry contents of {@code w[2]} in {@code wBar[2]}. <b>A {@code
 * double[][][]}</b> follows the same conventions one level further: the final contents of
 * {@code x[1][0]} are whatever row the sub-matrix then at {@code x[1]} holds at 0 (even if the
 * method moved sub-matrices or rows), its tangent is left in {@code xDot[1][0]} and its
 * cotangent is passed in {@code xBar[1][0]}. A method that changes the number or lengths of the
 * rows (or sub-matrices) of an argument, or which of them share memory, cannot be checked.
 *
 * <p>Floats: a {@code float} parameter is perturbed as {@code (float) (a + h d)}, so its actual
 * step is rounded, and a {@code float} result is rounded too. Finite differences are then coarse:
 * only steps {@code 1e-2 ... 1e-4} are tried and the tolerance is at least {@code 1e-3}. A
 * {@code float[]} (also {@code float[][]}, {@code float[][][]}) argument may be passed as a float
 * array or as a double array (rounded to floats); its tangent and adjoint are double arrays, its
 * entries are perturbed to floats, and the tolerance is at least {@code 1e-3} too.
 *
 * <p><b>Optional checks</b> (used by the random-program tester): {@link #kinks} skips
 * finite-difference steps that cross a branch or another kink of a piecewise smooth function,
 * {@link #exceptions} checks that the rules throw where the primal throws, {@link #tapes} that
 * every rule leaves the thread's tapes as it found them.
 *
 * <p>Failures throw {@link AssertionError} with a message naming the method, the failed check, the
 * point and the expected and actual numbers. Exceptions thrown by the primal or by a rule are
 * rethrown unchanged. Configuration methods modify this object and return it.
 *
 * <pre>{@code
 * GradCheck.of(Losses.class, "logLoss").range(-3, 3).arrayLength(10).check();
 * GradCheck.of(Vectors.class, "dot").alias(0, 1).check();          // dot(x, x) must be right
 * GradCheck.of(Vectors.class, "axpyInto").checkAliasing(0, 1);     // right, or rejected
 * }</pre>
 */
public final class GradCheck {
  /** Finite-difference tolerance used whenever a float parameter or result is involved. */
  public static final double FLOAT_FD_TOLERANCE = 1e-3;

  private final Signature signature;
  /** The rules given to {@link #ofRules}; null to find the generated ones at each check. */
  private final RuleMethods customRules;
  private int points = 5;
  private long seed = 42;
  private double lo = -1;
  private double hi = 1;
  private int arrayLength = 6;
  private int intLo = 0;
  private int intHi = 4;
  private Function<Random, Object[]> generator;
  private double fdTolerance = 1e-6;
  private int aliasA = -1;
  private int aliasB = -1;
  private Function<Object[], ?> pathOf;
  private boolean exceptions;
  private boolean tapes;
  private boolean floatInside;
  private boolean requireCheckedPoint = true;
  private boolean requireSecondOrder;
  private double dotFloor = Double.MIN_NORMAL;

  private GradCheck(Signature signature, RuleMethods customRules) {
    this.signature = signature;
    this.customRules = customRules;
  }

  /**
   * Prepares a check of the static method {@code method} declared by {@code owner} (of any
   * visibility).
   *
   * @throws IllegalArgumentException if there is no such method, it is overloaded, not static, or
   *     does not return {@code double}, {@code float}, {@code double[]} or {@code void}
   */
  public static GradCheck of(Class<?> owner, String method) {
    Objects.requireNonNull(owner);
    Objects.requireNonNull(method);
    return new GradCheck(Signature.of(owner, method), null);
  }

  /**
   * Prepares a check of the custom rules that {@code holder}, a class annotated {@code
   * @io.jgrad.CustomRules(Target.class)}, declares for the static method {@code method} of {@code
   * Target}: the forward rule {@code holder.method(...)} and the reverse rule {@code
   * holder.methodAdjoint(...)}, which must have exactly the signatures jgrad generates for a
   * {@code @Grad} method (README, "The generated API") and be static and not private. The primal
   * is the target method. {@link #check()} then checks, with the same configuration as for
   * generated rules: the forward rule against central finite differences; the dot-product tests
   * between the forward rule and the reverse rule (with a seed on the result only, and with
   * cotangents on the result and on the final contents of every array argument in the buffers on
   * entry); that a second reverse call adds into scalarBars and into the buffers of arrays the
   * target leaves unchanged; that both rules return the target's value bit for bit and leave
   * every array argument as the target leaves it. A custom rule has no convenience reverse
   * method, no {@code Jacobian}, no {@code Directions} and no {@code Hvp}: those checks are
   * skipped. Failures name the rule ({@code custom rule ErfRules.erfAdjoint}).
   *
   * @param parameterTypes the target method's parameter types, to choose an overload; if none
   *     are given, exactly one static method named {@code method} of the target may have rules
   *     in the holder (or the target may have only one static method of that name)
   * @throws IllegalArgumentException if {@code holder} is not annotated with {@code
   *     @CustomRules}, the target has no such static method, the choice of overload is ambiguous,
   *     a rule is missing or has another signature than the expected one (which the message
   *     shows), or the target has record parameters or results
   */
  public static GradCheck ofRules(Class<?> holder, String method, Class<?>... parameterTypes) {
    Objects.requireNonNull(holder);
    Objects.requireNonNull(method);
    Objects.requireNonNull(parameterTypes);
    RuleMethods rules = CustomRuleLookup.find(holder, method, parameterTypes);
    return new GradCheck(rules.signature(), rules);
  }

  /** The rules to check: the custom ones, or the generated ones (found now). */
  private RuleMethods rules() {
    return customRules != null ? customRules : RuleMethods.find(signature);
  }

  /** Number of random points {@link #check()} uses; default 5. */
  public GradCheck points(int n) {
    require(n >= 1, "points must be at least 1, got " + n);
    points = n;
    return this;
  }

  /** Seed of the random points, directions and adjoint seeds; default 42. */
  public GradCheck seed(long seed) {
    this.seed = seed;
    return this;
  }

  /** Generated {@code double}/{@code float} arguments and array entries; default [-1, 1]. */
  public GradCheck range(double lo, double hi) {
    require(Double.isFinite(lo) && Double.isFinite(hi) && lo <= hi,
        "range must be finite with lo <= hi, got [" + lo + ", " + hi + "]");
    this.lo = lo;
    this.hi = hi;
    return this;
  }

  /**
   * Length of generated {@code double[]} arguments and the number of rows and columns of
   * generated {@code double[][]} arguments; default 6. A generated {@code double[][][]} is small
   * whatever this length: each of its sizes is random in {@code 1 .. min(arrayLength, 3)}, the
   * same for all the {@code double[][][]} arguments of a point (see {@link #args} for other
   * shapes).
   */
  public GradCheck arrayLength(int n) {
    require(n >= 0, "arrayLength must not be negative, got " + n);
    arrayLength = n;
    return this;
  }

  /** Generated {@code int}/{@code long} arguments, {@code lo..hi} inclusive; default [0, 4]. */
  public GradCheck intRange(int lo, int hi) {
    require(lo <= hi, "intRange needs lo <= hi, got [" + lo + ", " + hi + "]");
    intLo = lo;
    intHi = hi;
    return this;
  }

  /**
   * Generates each point with {@code generator} instead of {@link #range}, {@link #arrayLength}
   * and {@link #intRange}. It returns one argument per parameter; numbers are converted to the
   * parameter types ({@code 2} for a {@code double} parameter is fine).
   */
  public GradCheck args(Function<Random, Object[]> generator) {
    this.generator = Objects.requireNonNull(generator);
    return this;
  }

  /**
   * Tolerance of forward vs finite differences, relative to {@code max(1, |tangent|)}; default
   * {@code 1e-6}. Raised to {@link #FLOAT_FD_TOLERANCE} when floats are involved.
   */
  public GradCheck fdTolerance(double rel) {
    require(rel > 0, "fdTolerance must be positive, got " + rel);
    fdTolerance = rel;
    return this;
  }

  /**
   * Kink filtering, for functions that are only piecewise smooth (branches, integer casts,
   * {@code floor}, {@code abs}, {@code max}, exceptions, ...). {@code pathOf} maps an argument
   * list (a fresh copy it may modify) to a description of the control path the method takes there
   * (compared with {@link Object#equals}), or to null where the function is not differentiable
   * (for example {@code sqrt} at 0). Then:
   *
   * <ul>
   *   <li>a finite-difference step is used only if the path at {@code x + hd} and at
   *       {@code x - hd} is the path at {@code x} (and the primal returns there);
   *   <li>if the best usable step misses the forward tangent, the point fails only if two usable
   *       steps agree with each other within the tolerance (the differences have converged, so
   *       the tangent is wrong); otherwise the finite differences are inconsistent and the
   *       comparison is skipped ({@link Report#kinks()} counts such points);
   *   <li>the dot-product tests, the accumulation test and the Jacobian need no finite differences
   *       and run at every point with a finite value and a non-null path;
   *   <li>a point where no point at all could be checked does not fail the check if {@link
   *       #requireCheckedPoint} is false.
   * </ul>
   */
  public GradCheck kinks(Function<Object[], ?> pathOf) {
    this.pathOf = Objects.requireNonNull(pathOf);
    return this;
  }

  /**
   * Checks the points where the primal throws a {@link RuntimeException} instead of rethrowing
   * it: every rule must throw an exception of the same class with the same message, and leave
   * the array arguments exactly as the primal leaves them when it throws. Where the primal
   * returns, a rule that throws fails the check (instead of the exception propagating). {@link
   * Report#threw()} counts the points where the primal threw.
   */
  public GradCheck exceptions() {
    exceptions = true;
    return this;
  }

  /**
   * Requires every rule call to leave the calling thread's tapes ({@code
   * io.jgrad.tape.Tapes.current()}: doubles, ints, longs, refs) exactly as it found them, also
   * when the rule throws.
   */
  public GradCheck tapes() {
    tapes = true;
    return this;
  }

  /**
   * Declares that the method rounds through {@code float} inside although its signature has no
   * float: finite differences then use the coarse steps and tolerance of float methods ({@link
   * #FLOAT_FD_TOLERANCE}).
   */
  public GradCheck floatInside() {
    floatInside = true;
    return this;
  }

  /**
   * The dot-product tests compare {@code |lhs - rhs|} with {@code 1e-10} times the largest of
   * their terms' magnitudes and {@code floor} (default: the smallest normal double). A floor such
   * as {@code 1e-6} accepts absolute errors below {@code 1e-16}, the rounding of a derivative
   * that is tiny only because large partial derivatives cancel inside the function.
   */
  public GradCheck dotProductFloor(double floor) {
    require(floor >= 0 && Double.isFinite(floor), "dotProductFloor must be finite and >= 0, got "
        + floor);
    dotFloor = floor;
    return this;
  }

  /**
   * If false, {@link #check()} does not fail when no point could be checked (all skipped as not
   * finite, or all thrown); the {@link Report} counts them. Default true.
   */
  public GradCheck requireCheckedPoint(boolean require) {
    requireCheckedPoint = require;
    return this;
  }

  /**
   * If true, {@link #check()} fails for a method with a {@code double} or {@code float} result
   * whose reverse rules have no {@code fHvp}: jgrad generates second-order rules for every such
   * method it can, so a missing one is a bug unless the method has a documented reason (it reads
   * other rules, or calls a custom rule jgrad cannot differentiate). Default false.
   */
  public GradCheck requireSecondOrder(boolean require) {
    requireSecondOrder = require;
    return this;
  }

  /**
   * Passes the same array for parameters {@code paramA} and {@code paramB} (0-based; both {@code
   * double[]}, both {@code double[][]} or both {@code double[][][]}): after each point is
   * generated, the argument of {@code paramB} is replaced by the argument of {@code paramA}.
   * Tangent and adjoint arrays are then shared the same way. With {@link #check()} the rules must
   * be correct for the aliased
   * function; {@link #checkAliasing} also accepts a rejection.
   *
   * @throws IllegalArgumentException if the parameters are not two distinct array parameters of
   *     the same type
   */
  public GradCheck alias(int paramA, int paramB) {
    require(paramA >= 0 && paramA < signature.arity() && paramB >= 0
            && paramB < signature.arity() && paramA != paramB,
        "alias needs two distinct parameter indexes of " + signature.describe() + ", got "
            + paramA + " and " + paramB);
    require(signature.kind(paramA).isArray() && signature.kind(paramA) == signature.kind(paramB),
        "alias needs two double[], two double[][] or two double[][][] parameters, got "
            + signature.type(paramA).getSimpleName() + " and "
            + signature.type(paramB).getSimpleName());
    aliasA = paramA;
    aliasB = paramB;
    return this;
  }

  /**
   * Checks at {@link #points} random points with the same array passed for {@code paramA} and
   * {@code paramB} (see {@link #alias}), accepting either of the README's two outcomes: all the
   * rules (forward, reverse, adjoint, Jacobian) throw {@link IllegalArgumentException} and leave
   * the arguments as they were passed, or they all accept the call and pass every check of
   * {@link #check()} for the aliased function. {@link Report#rejected()} says at how many points
   * the call was rejected.
   *
   * @throws AssertionError if a check fails, the rules disagree, or no point could be checked
   */
  public Report checkAliasing(int paramA, int paramB) {
    alias(paramA, paramB);
    return run(true);
  }

  /**
   * Like {@link #checkAliasing(int, int)} for sharing that the {@link #args} generator builds
   * itself (for example a row of a {@code double[][]} argument also passed as a {@code double[]}
   * argument, or a sub-matrix of a {@code double[][][]} argument also passed as a {@code
   * double[][]}): the rules must all reject the call or be correct.
   */
  public Report checkAliasing() {
    return run(true);
  }

  /**
   * Checks at {@link #points} random points.
   *
   * @throws AssertionError if a check fails or no point could be checked
   */
  public Report check() {
    return run(false);
  }

  private Report run(boolean rejectionAllowed) {
    RuleMethods rules = rules();
    if (requireSecondOrder && signature.result == Signature.ResultKind.SCALAR
        && !rules.hasHvp()) {
      throw new Failure(rules.subject())
          .with("check", rules.reverseName() + "Hvp exists (second-order rules)")
          .with("actual", "the reverse rules have no HVP")
          .with("hint", "compile with -J-Djgrad.debug=true: jgrad prints why a method gets no"
              + " second-order rules")
          .error();
    }
    Function<Random, Object[]> source =
        generator != null
            ? generator
            : new ArgumentGenerator(rules.signature(), lo, hi, arrayLength, intLo, intHi)::generate;
    Random random = new Random(seed);
    Tally tally = new Tally(rules, rejectionAllowed);
    for (int p = 1; p <= points; p++) {
      tally.run(source.apply(random), p + " of " + points + " (seed " + seed + ")", random);
    }
    return tally.report(points);
  }

  /**
   * Checks at the point {@code args} (one argument per parameter); directions are drawn from
   * {@link #seed}. {@code checkAt(matrix)} for a method whose only parameter is a
   * {@code double[][]} (or {@code double[][][]}) works although varargs passes the matrix as the
   * whole argument list.
   *
   * @throws AssertionError if a check fails or the point could not be checked
   */
  public Report checkAt(Object... args) {
    Tally tally = new Tally(rules(), false);
    tally.run(args, "given to checkAt", new Random(seed));
    return tally.report(1);
  }

  private static void require(boolean condition, String message) {
    if (!condition) {
      throw new IllegalArgumentException(message);
    }
  }

  /** Checks points one by one and accumulates their results into a {@link Report}. */
  private final class Tally {
    private final RuleMethods rules;
    private final double tolerance;
    private final boolean rejectionAllowed;
    private int checked;
    private int rejected;
    private double worstFd;
    private double worstDot;
    private double worstJacobian;
    private int hessianPoints;
    private double worstHessian;

    private int nonFinite;
    private int kinks;
    private int threw;
    private int noisy;

    Tally(RuleMethods rules, boolean rejectionAllowed) {
      this.rules = rules;
      this.rejectionAllowed = rejectionAllowed;
      boolean coarse = floatInside || signature.involvesFloat();
      this.tolerance = coarse ? Math.max(fdTolerance, FLOAT_FD_TOLERANCE) : fdTolerance;
      boolean largeSteps = floatInside || signature.roundsToFloat();
      this.options = new CheckOptions(tolerance, largeSteps, pathOf, exceptions, tapes,
          dotFloor);
    }

    private final CheckOptions options;

    void run(Object[] args, String label, Random random) {
      Signature named = rules.signature();
      Object[] point = named.normalize(args);
      if (aliasA >= 0) {
        point[aliasB] = point[aliasA];
      }
      PointChecker.Result result =
          new PointChecker(named, rules, options, point, label, rejectionAllowed).run(random);
      if (result.checked()) {
        checked++;
        worstFd = Math.max(worstFd, result.fdError());
        worstDot = Math.max(worstDot, result.dotError());
        worstJacobian = Math.max(worstJacobian, result.jacobianError());
        if (result.kink()) {
          kinks++;
        }
        if (result.hvpError() >= 0) {
          hessianPoints++;
          worstHessian = Math.max(worstHessian, result.hvpError());
        }
        if (result.noisy()) {
          noisy++;
        }
      } else if (result.rejected()) {
        rejected++;
      } else if (result.threw()) {
        threw++;
      } else {
        nonFinite++;
      }
    }

    Report report(int tried) {
      if (checked == 0 && rejected == 0 && requireCheckedPoint) {
        throw new Failure(rules.subject())
            .with("check", "at least one point can be checked")
            .with("actual", "at all " + tried + " point(s) the primal value was NaN or infinite,"
                + " or no finite difference was finite")
            .with("hint", "choose range(...) or args(...) inside the function's domain")
            .error();
      }
      return new Report(signature.qualifiedName(), checked, worstFd, worstDot, worstJacobian,
          rejected, nonFinite, kinks, threw, noisy, hessianPoints, worstHessian);
    }
  }

  /**
   * The outcome of a passed check.
   *
   * @param method the checked method, for example {@code pkg.Foo.f}
   * @param points the number of points at which derivatives were checked (points where the
   *     primal was not finite are not counted)
   * @param worstFdError the largest {@code |fd - tangent| / max(1, |tangent|)} (a scale of at
   *     least the rounding noise of fd over the tolerance)
   * @param worstDotProductError the largest relative error of the dot-product tests
   * @param worstJacobianError the largest relative error of {@code ...Jacobian} (0 if the method
   *     has no Jacobian or its arguments were aliased)
   * @param rejected the number of points at which the rules rejected the arguments with {@link
   *     IllegalArgumentException} (only {@link #checkAliasing} accepts that)
   * @param nonFinite the number of points skipped because an output was NaN or infinite, no
   *     finite difference was finite, or the {@link #kinks} path was null
   * @param kinks the number of checked points ({@code points} includes them) at which the
   *     finite-difference comparison was skipped by the {@link #kinks} filter
   * @param threw the number of points at which the primal threw (with {@link #exceptions})
   * @param roundingNoise the number of checked points at which a dot-product test missed its
   *     relative tolerance but passed because the mismatch was within ten times the rounding noise
   *     measured at the point (ill-conditioned points: a tiny derivative computed from large
   *     partial derivatives that cancel); their errors are not in {@code worstDotProductError}
   * @param hessianPoints the number of checked points at which the second-order rules
   *     ({@code fHvp}) were checked too: value and gradient bit for bit, symmetry, and H&middot;u
   *     against central differences of the gradient
   * @param worstHessianError the largest finite-difference error of those H&middot;u
   */
  public record Report(
      String method,
      int points,
      double worstFdError,
      double worstDotProductError,
      double worstJacobianError,
      int rejected,
      int nonFinite,
      int kinks,
      int threw,
      int roundingNoise,
      int hessianPoints,
      double worstHessianError) {
    @Override
    public String toString() {
      return "GradCheck " + method + ": passed at " + points + " point(s); worst finite-difference"
          + " error " + worstFdError + ", worst dot-product error " + worstDotProductError
          + (worstJacobianError > 0 ? ", worst Jacobian error " + worstJacobianError : "")
          + (hessianPoints > 0 ? "; Hessian-vector products checked at " + hessianPoints
              + " point(s), worst finite-difference error " + worstHessianError : "")
          + (rejected > 0 ? "; arguments rejected at " + rejected + " point(s)" : "")
          + (kinks > 0 ? "; finite differences skipped at " + kinks + " kink(s)" : "")
          + (nonFinite > 0 ? "; " + nonFinite + " point(s) not finite" : "")
          + (threw > 0 ? "; the primal threw at " + threw + " point(s)" : "")
          + (roundingNoise > 0
              ? "; dot-product tests within measured rounding noise at " + roundingNoise
                  + " ill-conditioned point(s)"
              : "");
    }
  }
}
