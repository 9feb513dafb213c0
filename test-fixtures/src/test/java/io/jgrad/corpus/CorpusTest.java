package io.jgrad.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.check.GradCheck;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs {@link GradCheck} (forward vs finite differences, reverse vs forward, values bit for bit)
 * on every {@code @Grad} method of the corpus, and fails if a corpus method has no entry here.
 *
 * <p>Programs with value-dependent control flow (branches, breaks, value-dependent trip counts,
 * floor/abs/max...) are piecewise smooth: finite differences straddling a switch point are
 * meaningless. Their points come from {@code args(...)} generators that keep every switching
 * quantity at least {@link #MARGIN} away from its threshold.
 */
class CorpusTest {
  /** Every class of the corpus; each of their static methods must have an entry below. */
  static final List<Class<?>> CORPUS =
      List.of(
          Straight.class,
          Objects.class,
          MutableObjects.class,
          ChangedObjects.class,
          ChangedObjects.Cloud.class,
          RecordResults.class,
          Getters.class,
          RecordResults.Vec.class,
          ComputingConstructors.class,
          LayerArrays.class,
          HeldArrays.class,
          HeldArrays.Kalman.class,
          ObjectArrayFields.class,
          ReturningArguments.class,
          ConstantParameters.class,
          DataArguments.class,
          TailRecursion.class,
          SecondOrder.class,
          FunctionObjects.class,
          RulesOfRules.class,
          CustomRuleCalls.class,
          Inlining.class,
          ObjectArrayFields.ParticleSystem.class,
          ObjectArrayFields.Mlp.class,
          ObjectArrayFields.Cluster.class,
          ObjectArrayFields.Chain.class,
          Objects.Layer.class,
          ThreeDimensional.class,
          Branches.class,
          Loops.class,
          Jumps.class,
          MathFunctions.class,
          Calls.class,
          CallsOther.class,
          Mixed.class,
          Classic.class,
          EvaluationOrder.class,
          Throws.class,
          Lexical.class,
          Constants.class,
          FuzzFindings.class,
          FuzzFindingsD.class,
          MoreFuzzFindings.class,
          FuzzFindingsC.class,
          Switches.class,
          Helpers.class,
          DataArrays.class,
          FloatArrays.class,
          OptionalArrays.class,
          Strings.class,
          Records.class,
          RecordsWithArrays.class,
          FuzzFindingsE.class,
          FuzzFindingsF.class);

  static final int POINTS = 6;
  static final long SEED = 20_240_611L;

  /** Minimum distance of a generated point's switching quantities from their thresholds. */
  static final double MARGIN = 0.03;

  /** Tolerance for methods that round through float internally (their signature has no float). */
  static final double FLOAT_INSIDE = 1e-3;

  /** One corpus method and how to choose its points. */
  record Entry(Class<?> owner, String method, UnaryOperator<GradCheck> config) {
    String name() {
      return owner.getSimpleName() + "." + method;
    }

    void check() {
      report();
    }

    GradCheck.Report report() {
      return config.apply(GradCheck.of(owner, method).points(POINTS).seed(SEED)
          .requireSecondOrder(!WITHOUT_SECOND_ORDER.contains(name()))).check();
    }
  }

  /**
   * The corpus methods with a number result that have no second-order rules, each for a reason
   * the README gives: they read other methods' rules (second order of them would take third
   * derivatives), or call a custom rule whose reverse rule jgrad cannot differentiate. Every
   * other such method must have {@code fHvp}, which {@link GradCheck} then checks.
   */
  static final Set<String> WITHOUT_SECOND_ORDER = Set.of(
      // custom rules whose reverse rules write a static field or take records
      "CustomRuleCalls.logisticLoss", "CustomRuleCalls.normOfRecord",
      "CustomRuleCalls.rotatedNorm", "CustomRuleCalls.sumOfLogistics",
      // rule reads
      "FunctionObjects.gradientNorm", "RulesOfRules.matrixGradientNorm", "RulesOfRules.mixed",
      "RulesOfRules.outer", "RulesOfRules.pairCurvature", "RulesOfRules.penalty",
      "RulesOfRules.unreadInfiniteDerivatives");

  static List<Entry> entries() {
    List<Entry> e = new ArrayList<>();

    // ---- Straight: arithmetic, compound assignment, ++/--, unary minus, casts, %, ternary
    add(e, Straight.class, "arithmetic", c -> c.range(0.5, 2.0));
    add(e, Straight.class, "literals", c -> c.range(-2.0, 2.0));
    add(e, Straight.class, "compoundAssign", c -> c.range(0.5, 2.0));
    add(e, Straight.class, "modulo", c -> c.args(r -> args(u(r, 0.25, 0.55), u(r, 2.5, 3.0))));
    add(e, Straight.class, "incrementDecrement", c -> c.range(-2.0, 2.0));
    add(e, Straight.class, "unaryMinus", c -> c.range(-2.0, 2.0));
    add(e, Straight.class, "floatCasts", c -> c.range(-1.0, 1.0).fdTolerance(FLOAT_INSIDE));
    // (int) (10x), (long) (4x) and (int) x jump at multiples of 0.05: stay 0.015 away.
    add(e, Straight.class, "integerCasts",
        c -> c.args(r -> args(0.05 * r.nextInt(-20, 20) + 0.025 + u(r, -0.01, 0.01))));
    add(e, Straight.class, "ternary",
        c -> c.args(r -> {
          double x;
          double y;
          do {
            x = sign(r) * u(r, 0.3, 2.0);
            y = u(r, -2.0, 2.0);
          } while (near(y, Math.abs(x)) || near(x * y, 1.0));
          return args(x, y);
        }));
    add(e, Straight.class, "reassignments", c -> c.range(-1.5, 1.5));
    add(e, Straight.class, "parameterReassign", c -> c.range(-1.0, 1.0));

    // ---- Branches: if/else chains, nested ifs, ternaries, boolean logic
    add(e, Branches.class, "ifElseChain", c -> c.args(r -> args(away(r, -2.5, 2.5, -1.0, 0.5, 1.5))));
    add(e, Branches.class, "nestedIf",
        c -> c.args(r -> {
          double x;
          double y;
          do {
            x = u(r, -2.0, 2.0);
            y = u(r, -2.0, 2.0);
          } while (near(x, 0) || near(y, 0) || near(x * y, -1.0) || near(y, x));
          return args(x, y);
        }));
    add(e, Branches.class, "ifWithoutElse",
        c -> c.args(r -> args(away(r, 0.0, 3.0, 1.0, 2.0), away(r, -2.0, 2.0, 0.0))));
    add(e, Branches.class, "activeTernary",
        c -> c.args(r -> {
          double x;
          double y;
          double m;
          do {
            x = u(r, -2.0, 2.0);
            y = u(r, -2.0, 2.0);
            m = x > y ? x * x : y * Math.sin(x);
          } while (near(x, y) || near(y, 0) || near(m, 0.5));
          return args(x, y);
        }));
    add(e, Branches.class, "nestedTernary", c -> c.args(r -> args(away(r, -3.0, 3.0, -1.0, 1.0, 2.0))));
    add(e, Branches.class, "booleanLogic",
        c -> c.args(r -> {
          double x;
          double y;
          double z;
          do {
            x = u(r, -2.0, 2.0);
            y = u(r, -2.0, 2.0);
            z = u(r, -2.0, 2.0);
          } while (near(x, y) || near(z, 0.5) || near(y * z, 0.25) || near(x, -1.0)
              || near(x * z, 0.0) || near(z, 1.0));
          return args(x, y, z);
        }));
    add(e, Branches.class, "clamp",
        c -> c.args(r -> {
          double x;
          double lo;
          do {
            x = u(r, -3.0, 3.0);
            lo = u(r, -1.0, 1.0);
          } while (near(x, lo) || near(x, lo + 2.0));
          return args(x, lo);
        }));
    add(e, Branches.class, "huberSum",
        c -> c.args(r -> {
          double delta = u(r, 0.5, 1.5);
          return args(arrayAway(r, 6, -3.0, 3.0, -delta, delta), delta);
        }));

    // ---- Loops
    add(e, Loops.class, "sumOfSquares", c -> c.range(-2.0, 2.0).arrayLength(8));
    add(e, Loops.class, "product", c -> c.range(-1.5, 1.5).arrayLength(6));
    add(e, Loops.class, "horner", c -> c.range(-1.0, 1.0).arrayLength(6));
    add(e, Loops.class, "powBySquaring", c -> c.range(0.5, 1.5).intRange(0, 13));
    // Trip counts 6, 5, 4, 3, 2 switch at |x| = 0.42716, 0.77955, 1.18099, 1.76069.
    add(e, Loops.class, "whileGrow",
        c -> c.args(r -> args(sign(r) * away(r, 0.2, 2.2, 0.42716, 0.77955, 1.18099, 1.76069))));
    add(e, Loops.class, "doWhile", c -> c.range(-1.5, 1.5).intRange(0, 8));
    add(e, Loops.class, "nestedLoops", c -> c.range(-1.0, 1.0).arrayLength(5));
    add(e, Loops.class, "triangular", c -> c.range(-1.0, 1.0).arrayLength(5));
    add(e, Loops.class, "countDownByTwo", c -> c.range(-1.0, 1.0).arrayLength(7));
    add(e, Loops.class, "twoCounters", c -> c.range(-1.0, 1.0).arrayLength(7));
    add(e, Loops.class, "fibonacciLike", c -> c.range(-1.0, 1.0).arrayLength(8));
    // The trip count ceil(x / 0.25) switches at multiples of 0.25.
    add(e, Loops.class, "doubleCounter", c -> c.args(r -> args(offGrid(r, 0.05, 2.2, 0.25, 0.0))));
    add(e, Loops.class, "rowLogSumExp", c -> c.args(r -> args((Object) new double[][] {
        array(r, 3, -1, 1), array(r, 4, -1, 1)})));
    add(e, Loops.class, "rowProducts", c -> c.args(r -> args((Object) new double[][] {
        array(r, 3, 0.5, 1.5), array(r, 2, 0.5, 1.5)})));
    add(e, Loops.class, "mixtureScores", c -> c.args(r -> args(matrix(r, 4, 2),
        matrix(r, 3, 2), array(r, 3, -0.5, 0.5))));
    add(e, Loops.class, "stableMixtureScores", c -> c.args(r -> args(matrix(r, 4, 2),
        matrix(r, 3, 2), array(r, 3, -0.5, 0.5))));
    add(e, Loops.class, "rowsThroughLocals", c -> c.args(r -> args((Object) matrix(r, 3, 4))));
    add(e, Loops.class, "rowsMovedBack", c -> c.args(r -> args((Object) matrix(r, 4, 3))));
    add(e, Loops.class, "triangularPerPoint", c -> c.args(r -> args(matrix(r, 3, 4),
        array(r, 4, -1, 1), array(r, 6, -1, 1))));
    add(e, Loops.class, "triangularMixture", c -> c.args(r -> args(matrix(r, 3, 4),
        matrix(r, 2, 4), matrix(r, 2, 6), array(r, 2, -0.5, 0.5))));
    add(e, Loops.class, "sumIntoAnElementPastTheEnd", c -> c.range(-1.5, 1.5).arrayLength(4));
    add(e, Loops.class, "componentsPerPoint", c -> c.args(r -> args(matrix(r, 3, 4),
        matrix(r, 3, 3), array(r, 5, -1, 1))));
    add(e, Loops.class, "componentsThenTheLastOnesWork", c -> c.args(r -> args(matrix(r, 3, 3),
        matrix(r, 2, 3))));
    add(e, Loops.class, "choleskyLogLikelihood", c -> c.args(r -> {
      int n = r.nextInt(1, 5);
      return args(matrix(r, n, n), array(r, n, -1, 1));
    }));
    add(e, Loops.class, "rowsIntoAChosenRow", c -> c.exceptions().args(r -> args(
        matrix(r, 3, 2), u(r, -1, 1), r.nextInt(-1, 3))));
    add(e, Loops.class, "countersAtTheLeastInt", c -> c.args(r -> args(array(r, 3, -1, 1),
        r.nextBoolean() ? Integer.MIN_VALUE : r.nextInt(0, 5))));
    add(e, Loops.class, "twoLoopsOneReset",
        c -> c.args(r -> args(array(r, 3, -1, 1), array(r, 2, -1, 1))));
    // sqrt is applied while v > 1.1: the count switches at 1.1^(2^k).
    add(e, Loops.class, "nestedValueWhile",
        c -> c.args(r -> args(arrayAway(r, 5, 0.5, 4.4, 1.1, 1.21, 1.4641, 2.14358881))));

    // ---- Jumps
    add(e, Jumps.class, "breakOnThreshold",
        c -> c.args(r -> {
          double[] x;
          do {
            x = array(r, 6, -1.0, 1.0);
          } while (!breakThresholdClear(x));
          return args((Object) x);
        }));
    add(e, Jumps.class, "continueSkip", c -> c.args(r -> args((Object) arrayAway(r, 6, -1.5, 1.5, 0.0))));
    add(e, Jumps.class, "labelledBreak",
        c -> c.args(r -> {
          double[] x;
          do {
            x = array(r, 5, -1.6, 1.6);
          } while (anyProductNear(x, 2.0, true));
          return args((Object) x);
        }));
    add(e, Jumps.class, "labelledContinue",
        c -> c.args(r -> args((Object) arrayAway(r, 5, -1.5, 1.5, -0.5))));
    add(e, Jumps.class, "earlyReturnInLoop",
        c -> c.args(r -> {
          double t = u(r, 0.0, 1.0);
          return args(arrayAway(r, 5, -1.0, 1.5, t), t);
        }));
    add(e, Jumps.class, "returnInNestedLoop",
        c -> c.args(r -> {
          double[] x;
          do {
            x = array(r, 5, -1.2, 1.2);
          } while (anyProductNear(x, 0.8, false));
          return args((Object) x);
        }));
    add(e, Jumps.class, "earlyReturnInIf",
        c -> c.args(r -> {
          double x;
          double y;
          do {
            x = away(r, -2.0, 3.0, 0.0);
            y = away(r, -2.0, 2.0, 0.0);
          } while (near(x - y, 2.0));
          return args(x, y);
        }));
    add(e, Jumps.class, "whileTrueBreak", c -> c.range(-2.0, 2.0));
    add(e, Jumps.class, "breakInDoWhile", c -> c.range(-1.0, 1.0).intRange(1, 12));
    add(e, Jumps.class, "continueInWhile",
        c -> c.args(r -> args((Object) arrayAway(r, 6, -1.5, 1.5, 0.5))));
    add(e, Jumps.class, "continueInDoWhile", c -> c.range(-1.5, 1.5));

    // ---- MathFunctions
    add(e, MathFunctions.class, "trig", c -> c.range(-1.2, 1.2));
    add(e, MathFunctions.class, "inverseTrig", c -> c.range(-1.0, 1.0));
    add(e, MathFunctions.class, "hyperbolic", c -> c.range(-2.0, 2.0));
    add(e, MathFunctions.class, "expLog", c -> c.range(-1.5, 1.5));
    add(e, MathFunctions.class, "roots", c -> c.args(r -> args(sign(r) * u(r, 0.2, 2.0))));
    add(e, MathFunctions.class, "powers", c -> c.range(0.5, 2.0));
    add(e, MathFunctions.class, "powNegativeBase", c -> c.range(-2.0, -0.5));
    add(e, MathFunctions.class, "absMaxMin",
        c -> c.args(r -> {
          double x;
          double y;
          do {
            x = u(r, -1.5, 1.5);
            y = u(r, -1.5, 1.5);
          } while (near(x, 0) || near(x, y) || near(x * x, y) || near(x, 0.5) || near(y, 0.5));
          return args(x, y);
        }));
    add(e, MathFunctions.class, "fmaCopySign",
        c -> c.args(r -> args(sign(r) * u(r, 0.2, 2.0), sign(r) * u(r, 0.2, 2.0), u(r, -2.0, 2.0))));
    add(e, MathFunctions.class, "angles", c -> c.range(-3.0, 3.0));
    // floor/ceil(2x)/rint jump at multiples of 0.5, round(3x) where 3x is a half-integer.
    add(e, MathFunctions.class, "rounding",
        c -> c.args(r -> {
          double x;
          do {
            x = offGrid(r, -3.0, 3.0, 0.5, 0.0);
          } while (nearGrid(3.0 * x, 1.0, 0.5, 3.0 * MARGIN));
          return args(x);
        }));
    add(e, MathFunctions.class, "strictMath", c -> c.range(-1.0, 1.0));
    add(e, MathFunctions.class, "floatMath", c -> c.range(0.6, 1.4));
    add(e, MathFunctions.class, "composite", c -> c.range(-1.0, 1.0));

    // ---- Calls (same class)
    add(e, Calls.class, "square", c -> c.range(-2.0, 2.0));
    add(e, Calls.class, "poly", c -> c.range(-2.0, 2.0));
    add(e, Calls.class, "normSquared", c -> c.range(-2.0, 2.0).arrayLength(6));
    add(e, Calls.class, "dot", c -> c.range(-2.0, 2.0).arrayLength(6));
    add(e, Calls.class, "weightedNorm", c -> c.range(-1.5, 1.5).arrayLength(5));
    add(e, Calls.class, "element", c -> c.range(-2.0, 2.0).arrayLength(5).intRange(0, 4));
    add(e, Calls.class, "sumOfElements", c -> c.range(-2.0, 2.0).arrayLength(5));
    add(e, Calls.class, "nestedCalls", c -> c.range(-1.2, 1.2));
    add(e, Calls.class, "callsInMath", c -> c.range(-1.5, 1.5));
    add(e, Calls.class, "partialSum", c -> c.range(-1.0, 1.0).arrayLength(6).intRange(0, 6));
    add(e, Calls.class, "callWithIntArg", c -> c.range(-1.0, 1.0).arrayLength(7));
    add(e, Calls.class, "callInBranch",
        c -> c.args(r -> {
          double x;
          double y;
          do {
            x = u(r, -2.0, 2.0);
            y = u(r, -2.0, 2.0);
          } while (near(x, y));
          return args(x, y);
        }));
    add(e, Calls.class, "tanhChain", c -> c.range(-1.0, 1.0).arrayLength(6));
    add(e, Calls.class, "halfFloat", c -> c.range(-2.0, 2.0));
    add(e, Calls.class, "powRecursive", c -> c.range(0.5, 1.5).intRange(0, 8));

    // ---- CallsOther (across classes)
    add(e, CallsOther.class, "crossScalar", c -> c.range(-1.5, 1.5));
    add(e, CallsOther.class, "crossArray", c -> c.range(-2.0, 2.0).arrayLength(5));
    add(e, CallsOther.class, "crossInLoop", c -> c.range(-1.0, 1.0).arrayLength(5));
    add(e, CallsOther.class, "crossNested", c -> c.range(-1.2, 1.2));
    add(e, CallsOther.class, "crossMixedArgs",
        c -> c.range(-1.5, 1.5).arrayLength(6).intRange(1, 6));
    add(e, CallsOther.class, "crossControlFlow",
        c -> c.args(r -> {
          double t;
          double[] x;
          do {
            t = u(r, 0.0, 1.0);
            x = arrayAway(r, 5, -1.0, 1.5, t);
          } while (near(t, x[0] + 2.0));
          return args(x, t);
        }));
    add(e, CallsOther.class, "crossFloat", c -> c.range(-2.0, 2.0).fdTolerance(FLOAT_INSIDE));

    // ---- Mixed: int/long/boolean/float alongside doubles, throw
    add(e, Mixed.class, "scaledPrefix", c -> c.range(-1.5, 1.5).arrayLength(6).intRange(0, 6));
    add(e, Mixed.class, "longCounter", c -> c.range(0.5, 2.0).intRange(0, 6));
    add(e, Mixed.class, "booleanFlag", c -> c.range(-1.5, 1.5));
    add(e, Mixed.class, "floatLocals", c -> c.range(-1.0, 1.0).fdTolerance(FLOAT_INSIDE));
    add(e, Mixed.class, "floatResult", c -> c.range(-1.5, 1.5));
    add(e, Mixed.class, "throwOnNegative", c -> c.range(-1.0, 1.0).intRange(0, 7));
    add(e, Mixed.class, "throwInLoop", c -> c.range(-2.0, 2.0).arrayLength(6));
    add(e, Mixed.class, "intArithmetic", c -> c.range(-2.0, 2.0).intRange(-3, 6));
    add(e, Mixed.class, "indexWeights", c -> c.range(-2.0, 2.0).arrayLength(7));
    add(e, Mixed.class, "mathOnInts", c -> c.range(-1.0, 1.0).intRange(-2, 8));
    add(e, Mixed.class, "twoArrays", c -> c.range(-1.5, 1.5).arrayLength(5).intRange(0, 5));
    add(e, Mixed.class, "passiveLocals", c -> c.range(-2.0, 2.0));
    add(e, Mixed.class, "blockScopes", c -> c.range(-2.0, 2.0).arrayLength(4));
    add(e, Mixed.class, "unusedParameter", c -> c.range(-2.0, 2.0));

    // ---- Classic objectives
    add(e, Classic.class, "rosenbrock", c -> c.range(-1.5, 1.5).arrayLength(6));
    add(e, Classic.class, "himmelblau", c -> c.range(-4.0, 4.0));
    add(e, Classic.class, "logisticLoss", c -> c.range(-2.0, 2.0).arrayLength(4));
    add(e, Classic.class, "ridgeRegression", c -> c.range(-1.0, 1.0).arrayLength(5));
    add(e, Classic.class, "sumCosExp", c -> c.range(-1.0, 1.0).arrayLength(16));
    add(e, Classic.class, "softplusSum", c -> c.range(-3.0, 3.0).arrayLength(8));
    add(e, Classic.class, "gaussianLogLikelihood", c -> c.range(-1.5, 1.5).arrayLength(8));
    add(e, Classic.class, "logSumExp", c -> c.range(-3.0, 3.0).arrayLength(6));
    add(e, Classic.class, "softmaxCrossEntropy",
        c -> c.range(-3.0, 3.0).arrayLength(6).intRange(0, 5));
    add(e, Classic.class, "newtonSqrt", c -> c.range(0.5, 10.0));
    add(e, Classic.class, "pendulumEuler", c -> c.range(-1.0, 1.0).intRange(0, 200));
    add(e, Classic.class, "arcLength", c -> c.range(-1.0, 1.0).arrayLength(8));
    add(e, Classic.class, "tinyMlp", c -> c.range(-1.5, 1.5).arrayLength(7));

    // ---- EvaluationOrder: side effects inside expressions, JLS 15.7 (issue 8, items 1-4)
    add(e, EvaluationOrder.class, "preIncrementAfterRead", c -> c.range(-2.0, 2.0));
    add(e, EvaluationOrder.class, "intIncrementInComparison", c -> c.range(-2.0, 2.0));
    add(e, EvaluationOrder.class, "postDecrementInProduct", c -> c.range(-2.0, 2.0));
    add(e, EvaluationOrder.class, "postIncrementAtPreIncrementedIndex",
        c -> c.range(-2.0, 2.0).arrayLength(6).intRange(0, 4));
    add(e, EvaluationOrder.class, "elementCompoundAsValue", c -> c.range(-2.0, 2.0));
    // (int) x[0] picks the element written: 0 or 1, at least MARGIN away from the jumps
    add(e, EvaluationOrder.class, "indexReadBeforeWrite",
        c -> c.args(r -> args((Object) new double[] {
            r.nextBoolean() ? u(r, 0.1, 0.9) : u(r, 1.1, 1.9), u(r, -2, 2), u(r, -2, 2)})));
    add(e, EvaluationOrder.class, "assignmentInLaterOperand", c -> c.range(-2.0, 2.0));
    add(e, EvaluationOrder.class, "compoundWithPostIncrementOnRight", c -> c.range(-2.0, 2.0));
    add(e, EvaluationOrder.class, "indexBeforeRightHandSide", c -> c.range(-2.0, 2.0));
    add(e, EvaluationOrder.class, "compoundElementIndexChangedOnRight",
        c -> c.range(-2.0, 2.0));
    add(e, EvaluationOrder.class, "elementReadBeforeStore", c -> c.range(-2.0, 2.0));
    add(e, EvaluationOrder.class, "sideEffectsInArguments",
        c -> c.args(r -> args(u(r, -2, 2), sign(r) * u(r, 0.2, 2.0))));
    add(e, EvaluationOrder.class, "readBeforeWritingCall", c -> c.range(-2.0, 2.0));
    add(e, EvaluationOrder.class, "scaleFirst", c -> c.range(-2.0, 2.0));
    add(e, EvaluationOrder.class, "sideEffectInConditional",
        c -> c.range(0.5, 2.0).intRange(0, 4));
    add(e, EvaluationOrder.class, "sideEffectInShortCircuit",
        c -> c.range(-2.0, 2.0).intRange(0, 5));
    add(e, EvaluationOrder.class, "arrayReassignedInOperand", c -> c.range(-2.0, 2.0));
    add(e, EvaluationOrder.class, "assignmentChain", c -> c.range(-2.0, 2.0));
    add(e, EvaluationOrder.class, "floatCompoundAsValue",
        c -> c.range(-2.0, 2.0).fdTolerance(FLOAT_INSIDE));
    add(e, EvaluationOrder.class, "narrowingCompounds", c -> c.range(-2.0, 2.0).intRange(-40, 40));
    add(e, EvaluationOrder.class, "postIncrementIndexInLoop", c -> c.range(-2.0, 2.0));
    add(e, EvaluationOrder.class, "elementIncrements", c -> c.range(-2.0, 2.0));

    // ---- Throws: throws at the ends of branches and loops (issue 8, item 8); no point throws
    add(e, Throws.class, "elseThrows", c -> c.range(-2.0, 2.0));
    add(e, Throws.class, "elseIfChainThrows", c -> c.range(-2.0, 2.0).intRange(0, 2));
    add(e, Throws.class, "elseThrowsInLoop", c -> c.range(-2.0, 2.0));
    add(e, Throws.class, "throwsAfterWorkArrays", c -> c.range(-2.0, 2.0).intRange(0, 3));
    add(e, Throws.class, "bothBranchesThrowInLoop", c -> c.range(-1.0, 1.0).intRange(0, 9));
    add(e, Throws.class, "whileTrueLeftByReturn", c -> c.range(-2.0, 2.0));
    add(e, Throws.class, "voidThrows", c -> c.range(-2.0, -0.5));
    add(e, Throws.class, "recursion", c -> c.range(-2.0, 2.0).intRange(0, 6));
    add(e, Throws.class, "arrayRecursion", c -> c.range(-2.0, 2.0).intRange(0, 9));

    // ---- Lexical: unicode escapes and literals never reach generated code raw (item 9)
    add(e, Lexical.class, "unicodeEscapeInComment", c -> c.range(-2.0, 2.0));
    add(e, Lexical.class, "escapesInNames", c -> c.range(-2.0, 2.0));

    // ---- Constants: static final fields initialised by expressions (issue 9, item 2)
    add(e, Constants.class, "gaussianLogDensity",
        c -> c.args(r -> args(u(r, -2, 2), u(r, -1, 1), u(r, 0.5, 2))));
    add(e, Constants.class, "tables", c -> c.range(-1.5, 1.5).arrayLength(4));
    add(e, Constants.class, "tableAsValue", c -> c.range(-1.5, 1.5).arrayLength(5));
    add(e, Constants.class, "weighted", c -> c.range(-1.5, 1.5).arrayLength(4));
    add(e, Constants.class, "otherClass", c -> c.range(-1.5, 1.5));

    // ---- FuzzFindings: wrong answers the random-program tester found (issue 8)
    add(e, FuzzFindings.class, "emptiedReverseBranch",
        c -> c.args(r -> args(r.nextBoolean() ? u(r, -0.5, -0.1) : u(r, 0.1, 0.5),
            r.nextInt(0, 4))));
    add(e, FuzzFindings.class, "roundedLocal",
        c -> c.args(r -> args(offGrid(r, -0.95, 0.95, 1.0 / 3, 1.0 / 6),
            offGrid(r, -2, 2, 0.1, 0))));
    add(e, FuzzFindings.class, "indexReadsTheAssignedVariable",
        c -> c.args(r -> args(new double[] {u(r, 0.1, 0.12), u(r, 0.3, 0.4), u(r, 0.5, 0.6)},
            u(r, 0.05, 0.08))));
    add(e, FuzzFindings.class, "elementPassedToAWriter",
        c -> c.range(0.1, 0.4).arrayLength(3));
    add(e, FuzzFindings.class, "overwriteFirst", c -> c.range(-1, 1));
    add(e, FuzzFindings.class, "aliasedArrayResult", c -> c.range(-1, 1));
    add(e, FuzzFindings.class, "floatBranch", c -> c.range(0, 2).fdTolerance(FLOAT_INSIDE));
    add(e, FuzzFindings.class, "ignoresArray", c -> c.range(-1, 1));
    add(e, FuzzFindings.class, "emptyBranchesReadingAnElement",
        c -> c.args(r -> args(array(r, 6, -2, 2), r.nextInt(0, 6))));
    add(e, FuzzFindings.class, "forEachOverReplacedArray", c -> c.range(-1, 1));
    add(e, FuzzFindings.class, "newMatrixSizedByItself", c -> c.args(r -> args(
        new double[][] {array(r, 3, -1, 1), array(r, 3, -1, 1), array(r, 3, -1, 1)},
        u(r, -1, 1))));
    add(e, FuzzFindings.class, "largeFinalElement",
        c -> c.args(r -> args(array(r, 5, -2, 2), r.nextInt(-2, 0))));
    add(e, FuzzFindings.class, "reassignedParameter", c -> c.range(-1, 1));
    add(e, FuzzFindings.class, "freshMatrixParameter", c -> c.args(r -> args(
        new double[][] {array(r, 2, -1, 1), array(r, 2, -1, 1)}, offGrid(r, 0.1, 5.9, 1.0, 0))));
    add(e, FuzzFindings.class, "freshOutputParameter", c -> c.range(-1, 1));
    add(e, FuzzFindings.class, "bitwiseResult", c -> c.range(-1, 1).intRange(-1, 6));
    add(e, FuzzFindings.class, "selfDifference", c -> c.range(-2, 2));
    // atan(x) / (0.75 y) stays in (1.58, 1.96): the remainder's quotient is 1 throughout
    add(e, FuzzFindings.class, "remainderThenDecrements",
        c -> c.args(r -> args(u(r, 2.5, 3.0), u(r, 0.85, 1.0))));
    add(e, FuzzFindings.class, "decrementsAroundALoop", c -> c.range(-1, 1).arrayLength(6)
        .intRange(-1, 6));
    add(e, FuzzFindings.class, "constantHelperInLoop", c -> c.range(-2, 2).arrayLength(5));
    add(e, FuzzFindings.class, "reassignedConstantMatrix", c -> c.args(r -> args(u(r, -1, 1),
        array(r, 2, -1, 1), matrix(r, 2, 2))));
    add(e, FuzzFindings.class, "laneCounterDeclaredTwice", c -> c.args(r -> args(array(r,
        r.nextInt(1, 5), -1, 1), matrix(r, r.nextInt(1, 4), r.nextInt(1, 4)), r.nextInt(-3, 4))));
    add(e, FuzzFindings.class, "assignedConstantBeforeAFusedLoop", c -> c.range(-1.5, 1.5));
    add(e, FuzzFindings.class, "copiesPerIteration", c -> c.range(-1, 1).arrayLength(3)
        .intRange(-3, 6));

    // ---- Switches: switch statements and expressions, enums, Strings, var (issue 9, item 7)
    add(e, Switches.class, "fallThrough", c -> c.range(-2, 2).intRange(0, 5));
    add(e, Switches.class, "arrowStatement", c -> c.range(-2, 2).intRange(0, 4));
    add(e, Switches.class, "charExpression", c -> c.range(-2, 2).intRange(0, 7));
    add(e, Switches.class, "stringExpression", c -> c.range(-2, 2).intRange(0, 3));
    add(e, Switches.class, "enumSwitch", c -> c.range(-2, 2).intRange(0, 2));
    add(e, Switches.class, "inLoop", c -> c.args(r -> args((Object) array(r, 9, -1, 1))));
    add(e, Switches.class, "nested", c -> c.range(-2, 2).intRange(0, 3));
    add(e, Switches.class, "labelledBlock", c -> c.args(r -> args((Object) array(r, 9, -1, 1))));
    add(e, Switches.class, "labelledSwitch",
        c -> c.args(r -> args(array(r, 6, -1, 1), r.nextInt(3))));
    add(e, Switches.class, "yieldFromLoop",
        c -> c.args(r -> args(array(r, 5, -0.8, 0.8), r.nextInt(2))));

    // ---- MoreFuzzFindings: wrong answers the random-program tester found on seed 101
    add(e, MoreFuzzFindings.class, "floatCastBranch",
        c -> c.range(-2, 2).intRange(-1, 2).fdTolerance(FLOAT_INSIDE));
    add(e, MoreFuzzFindings.class, "floatSumBranch", c -> c.range(-2, 2).intRange(-1, 2));
    add(e, MoreFuzzFindings.class, "negatedFloatBranch", c -> c.range(-2, 2).intRange(-1, 2));
    add(e, MoreFuzzFindings.class, "floatCallBranch", c -> c.range(-2, 2).arrayLength(3)
        .intRange(-1, 2).fdTolerance(FLOAT_INSIDE));
    add(e, MoreFuzzFindings.class, "floatCallOtherBranch", c -> c.range(-2, 2).arrayLength(3)
        .intRange(-1, 2).fdTolerance(FLOAT_INSIDE));
    add(e, MoreFuzzFindings.class, "deadQuotient", c -> c.args(r -> args(
        new double[] {r.nextBoolean() ? 1e-200 : -1e-200, u(r, -1, 1)}, u(r, -1, 1))));
    add(e, MoreFuzzFindings.class, "fillFloat", c -> c.range(-2, 2).arrayLength(3));
    // ---- FuzzFindingsC: wrong answers the random-program tester found (seeds 102 and 103)
    add(e, FuzzFindingsC.class, "floatBranchOfDoubleConditional",
        c -> c.range(0.5, 2).intRange(0, 2).fdTolerance(FLOAT_INSIDE));
    add(e, FuzzFindingsC.class, "overflowAfterLastUse",
        c -> c.args(r -> args((Object) array(r, 3, 1.5, 2))));
    add(e, FuzzFindingsC.class, "overflowingIndexSource",
        c -> c.args(r -> args((Object) array(r, 8, 10, 20))));

    // ---- FuzzFindingsD: wrong answers the random-program tester found in helpers' rules
    add(e, FuzzFindingsD.class, "elementAssignmentValueWidens", c -> c.args(r -> args(
        (float) u(r, 0.1, 1.9), r.nextInt(1, 5), array(r, 3, -1, 1))));
    add(e, FuzzFindingsD.class, "roundedElementArgument",
        c -> c.args(r -> args((Object) array(r, 2, 0.6, 1.4))));

    // ---- FuzzFindingsE: wrong answers the random-program tester found with records
    // the primal throws where x > 1; the rules must too
    add(e, FuzzFindingsE.class, "discardedPassiveRecordCall", c -> c.exceptions()
        .args(r -> args(new FuzzFindingsE.Checked(away(r, 0, 2, 1.0)))));
    // d in (0, 1) reads ps[0], whose x in (1.2, 1.5) moves d to ps[1] or ps[2]
    add(e, FuzzFindingsE.class, "recordIndexReadsTheAssignedVariable", c -> c.args(r -> args(
        new FuzzFindingsE.Particle[] {new FuzzFindingsE.Particle(u(r, 1.2, 1.5)),
            new FuzzFindingsE.Particle(u(r, -1, 1)), new FuzzFindingsE.Particle(u(r, -1, 1))},
        u(r, 0.1, 0.9))));
    // p.k() of ps[0] picks another element
    add(e, FuzzFindingsE.class, "recordIndexReadsTheAssignedRecord", c -> c.args(r -> args(
        (Object) new FuzzFindingsE.Indexed[] {new FuzzFindingsE.Indexed(u(r, -1, 1), 1),
            new FuzzFindingsE.Indexed(u(r, -1, 1), 2),
            new FuzzFindingsE.Indexed(u(r, -1, 1), 0)})));
    add(e, FuzzFindingsE.class, "replacedByAnElementOfAWrittenArray", c -> c.args(r -> args(
        new FuzzFindingsE.Particle[] {new FuzzFindingsE.Particle(u(r, -1, 1)),
            new FuzzFindingsE.Particle(u(r, -1, 1))}, u(r, -1, 1),
        new FuzzFindingsE.Particle[] {new FuzzFindingsE.Particle(u(r, -1, 1))})));

    // ---- FuzzFindingsF: what random programs with mutable classes found
    add(e, FuzzFindingsF.class, "objectOnlyHelper", c -> c.range(-2, 2));
    add(e, FuzzFindingsF.class, "scalarGetterArgument", c -> c.range(-2, 2));
    add(e, FuzzFindingsF.class, "widenedGetter", c -> c.args(r -> args(
        new FuzzFindingsF.Weighted((float) u(r, -2, 2), r.nextInt(-3, 4)), u(r, -1, 1))));
    add(e, FuzzFindingsF.class, "callBeforeAnIncrement", c -> c.exceptions().args(r -> args(
        array(r, 2, -1, 1), u(r, -1, 1))));
    add(e, FuzzFindingsF.class, "elementOfAnotherArrayInASlot", c -> c.args(r -> args(
        new FuzzFindingsF.Checked[] {new FuzzFindingsF.Checked(u(r, -1, 1), 2, u(r, -1, 1)),
            new FuzzFindingsF.Checked(u(r, -1, 1), -1, u(r, -1, 1)),
            new FuzzFindingsF.Checked(u(r, -1, 1), 4, u(r, -0.5, 0.5))}, u(r, 0.05, 0.3))));
    add(e, FuzzFindingsF.class, "fillARowThenReadIt", c -> c.range(-2, 2));
    add(e, FuzzFindingsF.class, "hugeLogCurvature", c -> c.args(r -> args((Object) new double[] {
        u(r, -1.1, -1.0), u(r, -2, -1.8), u(r, 0.1, 0.2), u(r, -0.45, -0.4)})));
    add(e, FuzzFindingsF.class, "dataArrayResult", c -> c.args(r -> {
      double x0;
      do {
        x0 = u(r, -1, 2);
      } while (Math.abs(x0 - 0.5) < MARGIN);
      return args(new double[] {x0, u(r, -1, 1)}, new FuzzFindingsF.Flag(r.nextBoolean()));
    }));
    add(e, FuzzFindingsF.class, "indexReadAfterItsStore", c -> c.args(r -> {
      double[] x = array(r, 3, -1, 1);
      x[0] = u(r, -0.45, -0.35);
      return args((Object) x);
    }));
    // ++a < 3 decides the trip count: keep a + k away from 3
    add(e, FuzzFindingsF.class, "adjointOfADroppedConstantRead", c -> c.args(r -> args(
        r.nextInt(-4, 2) + 0.5 + u(r, -0.3, 0.3))));
    add(e, FuzzFindingsF.class, "counterWrittenInNestedLoops", c -> c.args(r -> args(
        (Object) array(r, r.nextInt(1, 4), -1, 1))));
    add(e, FuzzFindingsF.class, "parameterRebound", c -> c.args(r -> {
      FuzzFindingsF.Tally t = new FuzzFindingsF.Tally(u(r, -1, 1));
      t.count = r.nextInt(0, 5);
      return args(u(r, -2, 2), t);
    }));

    // ---- Helpers: static methods without @Grad, differentiated because rules call them
    add(e, Helpers.class, "sumOfSquares", c -> c.args(r -> args((Object) array(r, 5, -2, 2))));
    add(e, Helpers.class, "overloads", c -> c.range(-2, 2));
    add(e, Helpers.class, "recursion", c -> c.range(-1.5, 1.5).intRange(0, 6));
    add(e, Helpers.class, "logisticLoss",
        c -> c.args(r -> args(array(r, 4, -1, 1), array(r, 4, -1, 1), u(r, 0.1, 0.9))));
    add(e, Helpers.class, "crossEntropy",
        c -> c.args(r -> args(array(r, 5, -2, 2), r.nextInt(5))));
    add(e, Helpers.class, "helpersOnConstants", c -> c.range(-2, 2).intRange(0, 4));
    add(e, Helpers.class, "binnedScale", c -> c.args(r -> {
      double t;
      do {
        t = u(r, -1.5, 1.5);
      } while (near(t, -1.0) || near(t, 0.0) || near(t, 1.0));
      return args(new double[] {-1.0, 0.0, 1.0}, array(r, 4, -2, 2), t);
    }));
    add(e, Helpers.class, "logDetGram", c -> c.args(r -> {
      double[][] b = new double[3][];
      for (int i = 0; i < 3; i++) {
        b[i] = array(r, 2, -1, 1);
      }
      return args((Object) b);
    }));
    add(e, Helpers.class, "noisyMean", c -> c.args(r -> args(u(r, 0.5, 2), u(r, 0.1, 0.5),
        r.nextLong(), new int[3])));
    add(e, Helpers.class, "countedInline",
        c -> c.args(r -> args(array(r, 5, -1, 1), new int[] {0, 2, 1})));
    add(e, Helpers.class, "axpyTwice",
        c -> c.args(r -> args(u(r, -2, 2), array(r, 4, -1, 1), array(r, 4, -1, 1))));

    // ---- DataArrays: int[], long[], boolean[], int[][] data next to double arrays
    add(e, DataArrays.class, "csrNormSquared", c -> c.args(r -> {
      int rows = 4;
      int cols = 5;
      int[] rowPtr = new int[rows + 1];
      java.util.List<Integer> colList = new java.util.ArrayList<>();
      for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++) {
          if (r.nextDouble() < 0.5) {
            colList.add(j);
          }
        }
        rowPtr[i + 1] = colList.size();
      }
      int[] colIdx = colList.stream().mapToInt(Integer::intValue).toArray();
      return args(array(r, colIdx.length, -1, 1), rowPtr, colIdx, array(r, cols, -1, 1));
    }));
    add(e, DataArrays.class, "crossEntropy", c -> c.args(r -> {
      double[][] logits = new double[3][];
      int[] labels = new int[3];
      for (int i = 0; i < 3; i++) {
        logits[i] = array(r, 4, -2, 2);
        labels[i] = r.nextInt(4);
      }
      return args(logits, labels);
    }));
    add(e, DataArrays.class, "histogramWeighted", c -> c.args(r -> {
      double[] x = new double[6];
      for (int i = 0; i < x.length; i++) {
        // away from the bin edges (multiples of 0.5) and from 0
        x[i] = 0.5 * r.nextInt(-4, 4) + u(r, 0.1, 0.4);
      }
      return args(x, r.nextInt(0, 4));
    }));
    add(e, DataArrays.class, "maskedSum", c -> c.args(r -> {
      boolean[] mask = new boolean[5];
      long[] counts = new long[5];
      for (int i = 0; i < 5; i++) {
        mask[i] = r.nextBoolean();
        counts[i] = r.nextInt(1, 10);
      }
      return args(array(r, 5, -2, 2), mask, counts);
    }));
    add(e, DataArrays.class, "pairEnergy", c -> c.args(r -> {
      double[] pos = new double[5];
      for (int i = 0; i < pos.length; i++) {
        pos[i] = 0.7 * i + u(r, -0.1, 0.1); // pair distances stay away from the cutoff
      }
      return args(pos, 1.05);
    }));
    add(e, DataArrays.class, "rankWeighted", c -> c.args(r -> {
      double[] x = new double[5];
      for (int i = 0; i < x.length; i++) {
        x[i] = 0.4 * r.nextInt(-5, 5) + u(r, 0.05, 0.35); // no near ties
      }
      return args(x, new int[5]);
    }));
    add(e, DataArrays.class, "nearestGridValue", c -> c.args(r -> {
      double[] grid = {-1.0, -0.3, 0.4, 1.1};
      int[] ids = {3, 1, 4, 2};
      double t;
      do {
        t = u(r, -1.2, 1.2);
      } while (near(t, -0.65) || near(t, 0.05) || near(t, 0.75));
      return args(grid, ids, t);
    }));
    add(e, DataArrays.class, "countedScale", c -> c.args(r -> {
      int[] visits = new int[4];
      for (int i = 0; i < visits.length; i++) {
        visits[i] = r.nextInt(0, 5);
      }
      return args(array(r, 4, -2, 2), visits);
    }));
    // ---- OptionalArrays: null where an array is expected (null arguments: OptionalArraysTest)
    add(e, OptionalArrays.class, "meanGap", c -> c.range(0.5, 2.0));
    add(e, OptionalArrays.class, "polynomial", c -> c.range(-1.0, 1.0));
    add(e, OptionalArrays.class, "squaresInto", c -> c.range(-1.0, 1.0));
    add(e, OptionalArrays.class, "scaledOrDefault", c -> c.range(-1.0, 1.0));
    // ---- Strings: String[] tokens and labels, String methods
    add(e, Strings.class, "listedSquares", c -> c.args(r -> args(array(r, 3, -2, 2),
        r.nextBoolean() ? " 0, 2,1 " : "2,2")));
    String[] words = {"sq", "lin", "x", "abc", "sqrt", "LIN"};
    add(e, Strings.class, "labelled", c -> c.args(r -> {
      String[] labels = new String[r.nextInt(1, 5)];
      for (int i = 0; i < labels.length; i++) {
        labels[i] = words[r.nextInt(words.length)];
      }
      return args(u(r, -1, 1), labels);
    }));
    add(e, Strings.class, "relabel", c -> c.args(r -> {
      String[] labels = new String[r.nextInt(1, 4)];
      for (int i = 0; i < labels.length; i++) {
        labels[i] = words[r.nextInt(words.length)];
      }
      return args(u(r, -0.5, 0.5), labels);
    }));
    add(e, DataArrays.class, "scaleRowsInOrder", c -> c.args(r -> {
      double[][] m = new double[3][];
      for (int i = 0; i < m.length; i++) {
        m[i] = array(r, 2, -1, 1);
      }
      return args(m, new int[] {2, 0, 2, 1}, u(r, -1, 1));
    }));
    // ---- Records: records as parameters, locals, array elements, helper results
    add(e, Records.class, "energy", c -> c.args(r -> args(vec(r), u(r, 0.5, 2))));
    add(e, Records.class, "kinetic", c -> c.args(r -> args(particle(r), u(r, -1, 1))));
    add(e, Records.class, "polarSum", c -> c.args(r -> args(array(r, 3, 0.5, 2),
        array(r, 3, -3, 3))));
    add(e, Records.class, "swarm", c -> c.args(r -> {
      Records.Particle[] ps = new Records.Particle[r.nextInt(0, 4)];
      for (int i = 0; i < ps.length; i++) {
        ps[i] = particle(r);
      }
      return args(ps, u(r, -1, 1), new Records.Grid(2, r.nextInt(1, 4)));
    }));
    add(e, Records.class, "step", c -> c.args(r -> {
      Records.Particle[] ps = {particle(r), particle(r), particle(r)};
      ps[2] = ps[0]; // one record twice: each position is its own input
      return args(ps, u(r, -1, 1));
    }));
    add(e, Records.class, "positions", c -> c.args(r -> args(
        new Records.Vec[] {vec(r), null, vec(r)}, u(r, -2, 2))));
    add(e, Records.class, "farthestNorm", c -> c.args(r -> {
      // distinct norms (at least 0.5 apart), the farthest x away from the first one's
      while (true) {
        double[] xy = new double[6];
        int far = r.nextInt(3);
        for (int i = 0; i < 3; i++) {
          double radius = i == far ? 3.0 : 1.0 + 0.5 * i;
          double angle = u(r, -3, 3);
          xy[2 * i] = radius * Math.cos(angle);
          xy[2 * i + 1] = radius * Math.sin(angle);
        }
        if (far == 0 || Math.abs(xy[2 * far] - xy[0]) > MARGIN) {
          return args(xy);
        }
      }
    }));
    add(e, Records.class, "twice", c -> c.args(r -> args(vec(r), vec(r))));
    add(e, Records.class, "drifted", c -> c.args(r -> args(
        new Records.Vec[] {vec(r), vec(r), vec(r)}, u(r, 0.1, 0.5), r.nextInt(1, 3))));
    add(e, Records.class, "pairForces", c -> c.args(r -> args(
        new Records.Vec[] {vec(r), vec(r), vec(r), vec(r)}, u(r, 0.5, 2))));
    add(e, Records.class, "sharedAccumulators", c -> c.args(r -> args(
        new Records.Vec[] {vec(r), vec(r), vec(r)}, u(r, 0.5, 1.5))));
    add(e, Records.class, "scaledSlots", c -> c.args(r -> args(
        new Records.Vec[] {vec(r), vec(r), vec(r)}, u(r, 0.3, 0.9))));
    add(e, Records.class, "keptOldElement", c -> c.args(r -> args(
        new Records.Vec[] {vec(r), vec(r), vec(r)}, u(r, 0.5, 1.5))));
    add(e, Records.class, "sharedStoredValue", c -> c.args(r -> args(
        new Records.Vec[] {vec(r), vec(r), vec(r)}, u(r, 0.5, 1.5))));
    add(e, Records.class, "handedAndCopied", c -> c.args(r -> args(
        new Records.Vec[] {vec(r), vec(r), vec(r)}, u(r, 0.5, 1.5))));
    add(e, Records.class, "intoArgument", c -> c.args(r -> args(
        new Records.Vec[] {vec(r), vec(r)}, new Records.Vec[] {vec(r), vec(r), vec(r)},
        u(r, 0.5, 1.5))));
    add(e, Records.class, "incrementedSlots", c -> c.args(r -> args(
        new Records.Vec[] {vec(r), vec(r), vec(r)}, u(r, 0.3, 0.8))));
    add(e, Records.class, "steppedPairs", c -> c.args(r -> args(
        new Records.Vec[] {vec(r), vec(r), vec(r), vec(r)}, u(r, 0.5, 2), u(r, 0.05, 0.2))));
    // the primal throws where id < 0; the rules must too
    add(e, Records.class, "validated", c -> c.exceptions()
        .args(r -> args(vec(r), r.nextInt(-1, 2))));
    add(e, DataArrays.class, "floatData", c -> c.args(r -> {
      float[] normals = {(float) u(r, -2, 2), (float) u(r, -2, 2)};
      float[][] inputs = {{(float) u(r, -1, 1)}, {(float) u(r, -1, 1), 0.5f}};
      return args(array(r, 3, -1, 1), normals, inputs);
    }));
    // ---- FloatArrays: float arrays differentiated like double arrays
    add(e, FloatArrays.class, "dotSquared", c -> c);
    add(e, FloatArrays.class, "denseLayer", c -> c);
    add(e, FloatArrays.class, "scaleInPlace", c -> c);
    add(e, FloatArrays.class, "widened", c -> c);
    add(e, FloatArrays.class, "copies", c -> c);
    add(e, FloatArrays.class, "throughHelper", c -> c);
    add(e, FloatArrays.class, "rowMoves", c -> c);
    add(e, FloatArrays.class, "batchEnergy", c -> c);
    // ---- ThreeDimensional: double[][][] parameters and locals
    add(e, ThreeDimensional.class, "convLoss", c -> c.args(r -> args(tensor(r, 2, 2, 2),
        array(r, 2, -0.5, 0.5), tensor(r, 2, 3, 3))));
    add(e, ThreeDimensional.class, "normaliseInPlace", c -> c.args(r -> args(
        tensor(r, r.nextInt(1, 3), 2, r.nextInt(1, 3)), u(r, 0.5, 2))));
    // ---- Objects: classes used as values, instance @Grad methods, enum methods
    add(e, Objects.Layer.class, "energy", c -> c.args(r -> args(layer(r, 2, 3),
        array(r, 3, -1, 1))));
    add(e, Objects.Layer.class, "outputs", c -> c.args(r -> args(layer(r, 2, 3),
        array(r, 3, -1, 1))));
    add(e, Objects.class, "output", c -> c.args(r -> args(layer(r, 3, 2), array(r, 2, -1, 1))));
    add(e, Objects.class, "built", c -> c.args(r -> args(matrix(r, 2, 2), array(r, 2, -1, 1),
        array(r, 2, 0.2, 1), u(r, 0.5, 1.5))));
    add(e, Objects.class, "quadrature", c -> c.args(r -> args(u(r, 0.1, 2), u(r, -2, 2),
        array(r, 3, 0, 1), array(r, 3, 0.1, 0.5))));
    add(e, Objects.class, "linked", c -> c.args(r -> args(new Objects.Rule("r",
        array(r, 3, 0, 1), array(r, 3, 0.1, 0.5)), u(r, -2, 2),
        Objects.Link.values()[r.nextInt(3)])));

    // ---- MutableObjects: fields written by the differentiated code
    // x0 either stays below 2 for the whole walk or starts above it (stopped after one step)
    add(e, MutableObjects.class, "walk", c -> c.args(r -> args(r.nextBoolean() ? u(r, -1, 0.5)
        : u(r, 2.5, 3), u(r, -1, 1), u(r, 0.01, 0.1), r.nextInt(0, 11))));
    add(e, MutableObjects.class, "operators", c -> c.args(r -> args(u(r, -2, 2),
        u(r, 0.5, 2))));
    add(e, MutableObjects.class, "swarm", c -> c.args(r -> {
      int n = r.nextInt(1, 5);
      return args(array(r, n, -1, 1), array(r, n, -1, 1), u(r, 0.01, 0.1), r.nextInt(0, 8));
    }));
    add(e, MutableObjects.class, "readOnly", c -> c.args(r -> {
      MutableObjects.Walker w = new MutableObjects.Walker(u(r, -1, 1), u(r, -1, 1), 0.5f,
          new MutableObjects.Vec2(u(r, -1, 1), u(r, -1, 1)));
      for (int i = r.nextInt(0, 3); i > 0; i--) {
        w.step(0.1);
      }
      w.stopped = r.nextBoolean();
      return args(w, u(r, -2, 2));
    }));
    add(e, MutableObjects.class, "record", c -> c.args(r -> args(array(r, r.nextInt(1, 4), -1, 1),
        u(r, -1, 1), r.nextInt(0, 9))));
    add(e, MutableObjects.class, "linked", c -> c.range(-2, 2));
    add(e, MutableObjects.class, "cursor", c -> c.args(r -> args(
        array(r, r.nextInt(1, 6), -1, 1), r.nextInt(0, 8))));

    // ---- ChangedObjects: @Grad methods that change the objects they are passed
    add(e, ChangedObjects.class, "simulate", c -> c.args(r -> {
      ChangedObjects.Particle[] ps = new ChangedObjects.Particle[r.nextInt(1, 4)];
      for (int i = 0; i < ps.length; i++) {
        ps[i] = new ChangedObjects.Particle(u(r, -1, 1), u(r, -1, 1), u(r, 0.5, 2));
      }
      return args(ps, u(r, 0.5, 2), u(r, 0.05, 0.2), r.nextInt(0, 5));
    }));
    add(e, ChangedObjects.class, "step",
        c -> c.args(r -> args(changedParticle(r), u(r, 0.05, 0.5))));
    add(e, ChangedObjects.class, "relax",
        c -> c.args(r -> args(changedParticle(r), u(r, -1, 1))));
    add(e, ChangedObjects.class, "leapfrog", c -> c.args(r -> args(body(r), u(r, 0.05, 0.5))));
    add(e, ChangedObjects.class, "relink", c -> c.args(r -> args(
        new ChangedObjects.Node(u(r, -1, 1), body(r)), body(r), u(r, -1, 1))));
    add(e, ChangedObjects.class, "swap", c -> c.args(r -> {
      ChangedObjects.Body[] bodies = new ChangedObjects.Body[r.nextInt(1, 4)];
      for (int i = 0; i < bodies.length; i++) {
        bodies[i] = body(r);
      }
      return args(bodies, u(r, -2, 2));
    }));
    add(e, ChangedObjects.class, "transfer", c -> c.args(r -> args(
        new ChangedObjects.Node(u(r, -1, 1), null), new ChangedObjects.Node(u(r, -1, 1), body(r)),
        u(r, 0, 1))));
    add(e, ChangedObjects.Cloud.class, "rescale", c -> c.args(r -> args(
        new ChangedObjects.Cloud(array(r, r.nextInt(0, 4), -1, 1), u(r, -1, 1)), u(r, -2, 2))));
    add(e, ChangedObjects.Cloud.class, "energy", c -> c.args(r -> args(
        new ChangedObjects.Cloud(array(r, r.nextInt(0, 4), -1, 1), u(r, -1, 1)), u(r, -2, 2))));

    // ---- RecordResults: @Grad methods returning records and objects
    add(e, RecordResults.class, "rotate", c -> c.range(-2, 2));
    add(e, RecordResults.class, "stats", c -> c.args(r -> args(
        array(r, r.nextInt(1, 6), -1, 1))));
    add(e, RecordResults.class, "moments", c -> c.range(-1, 1));
    add(e, RecordResults.class, "swing", c -> c.args(r -> args(u(r, -1, 1), u(r, -1, 1),
        u(r, 0.05, 0.2), r.nextInt(0, 5))));
    // t away from 0, where the branch switches
    add(e, RecordResults.class, "pick", c -> c.args(r -> args(
        new RecordResults.Vec(u(r, -1, 1), u(r, -1, 1)),
        new RecordResults.Vec(u(r, -1, 1), u(r, -1, 1)), (r.nextBoolean() ? 1 : -1) * u(r, 0.1, 2))));
    add(e, RecordResults.Vec.class, "scaled", c -> c.range(-2, 2));

    // ---- Getters: encapsulated classes read through getters and a setter
    add(e, Getters.class, "energy", c -> c.args(r -> args(
        new Getters.Model(matrix(r, 2, 3), getterBody(r)),
        new Getters.Body[] {getterBody(r), getterBody(r)}, u(r, -1, 1))));
    add(e, Getters.class, "move", c -> c.args(r -> args(
        new Getters.Body[] {getterBody(r), getterBody(r), getterBody(r)}, u(r, 0.05, 0.5))));
    add(e, Getters.class, "built", c -> c.args(r -> args(array(r, 3, -1, 1), u(r, -1, 1))));

    // ---- ComputingConstructors: constructors differentiated like helpers
    add(e, ComputingConstructors.class, "scaled", c -> c.args(r -> args(
        array(r, r.nextInt(1, 5), -1, 1), u(r, -2, 2))));
    // r away from 0, where the constructor flips it
    add(e, ComputingConstructors.class, "polar", c -> c.args(r -> args(
        (r.nextBoolean() ? 1 : -1) * u(r, 0.2, 2), u(r, -3, 3))));
    add(e, ComputingConstructors.class, "smoothed", c -> c.args(r -> args(
        array(r, r.nextInt(1, 7), -1, 1), r.nextInt(0, 4))));
    add(e, ComputingConstructors.class, "chain", c -> c.args(r -> {
      double[] xs = new double[r.nextInt(1, 5)];
      for (int i = 0; i < xs.length; i++) {
        xs[i] = r.nextBoolean() ? u(r, 0.7, 1.5) : u(r, -1, 0.3);
      }
      return args((Object) xs);
    }));

    // ---- LayerArrays: arrays of records and objects that hold arrays
    add(e, LayerArrays.class, "loss", c -> c.args(r -> args(layers(r), array(r, 3, -1, 1))));
    add(e, LayerArrays.class, "unpacked", c -> c.args(r -> {
      int n = r.nextInt(1, 4);
      return args(array(r, 2 * n * n, -1, 1), array(r, n, -1, 1));
    }));
    add(e, LayerArrays.class, "shifted", c -> c.args(r -> args(layers(r), array(r, 3, -1, 1),
        u(r, -1, 1))));

    // ---- RecordsWithArrays: records holding double[], double[][], int[] (ragged, optional)
    add(e, RecordsWithArrays.class, "tableEnergy",
        c -> c.args(r -> args(table(r, true), array(r, 3, -1, 1))));
    add(e, RecordsWithArrays.class, "buildThenWrite",
        c -> c.args(r -> args(array(r, 3, -1, 1), u(r, -1, 1))));
    add(e, RecordsWithArrays.class, "fitted",
        c -> c.args(r -> args(array(r, 3, -1, 1), u(r, -1, 1), u(r, -1, 1))));
    add(e, RecordsWithArrays.class, "rowSums", c -> c.args(r -> args(table(r, false))));
    add(e, RecordsWithArrays.class, "layered", c -> c.args(r -> args(
        new RecordsWithArrays.Layer(table(r, true), u(r, -1, 1)), array(r, 3, -1, 1))));

    // ---- Inlining: small helpers inlined into their callers' rules
    add(e, Inlining.class, "reassigned", c -> c.args(r -> args(u(r, -1, 1), u(r, 0.5, 1.2))));
    add(e, Inlining.class, "written", c -> c.args(r -> args(array(r, 3, -1, 1),
        u(r, 0.5, 1.5))));
    add(e, Inlining.class, "nested", c -> c.args(r -> args(u(r, -1, 1))));
    add(e, Inlining.class, "records", c -> c.args(r -> args(u(r, -1, 1), u(r, -1, 1),
        u(r, -1, 1), u(r, -1, 1), u(r, -1, 1))));
    add(e, Inlining.class, "data", c -> c.args(r -> args(array(r, 3, -1, 1),
        array(r, 3, -1, 1), array(r, 3, -1, 1))));

    // ---- ConstantParameters: @NoGrad data parameters
    add(e, ConstantParameters.class, "squaredError", c -> c.args(r -> args(array(r, 3, -1, 1),
        matrix(r, 4, 3), array(r, 4, -1, 1))));
    add(e, ConstantParameters.class, "floats", c -> c.args(r -> args(u(r, -1, 1),
        (float) u(r, -1, 1), new float[] {(float) u(r, -1, 1), (float) u(r, -1, 1)},
        new ConstantParameters.Samples(array(r, 2, -1, 1), u(r, 0.5, 2)))));
    add(e, ConstantParameters.class, "scaled", c -> c.args(r -> args(u(r, -0.5, 2),
        u(r, -1, 1), u(r, -1, 1))));
    add(e, ConstantParameters.class, "recordLoss", c -> c.args(r -> args(array(r, 3, -1, 1),
        new ConstantParameters.Data(matrix(r, 4, 3), array(r, 4, -1, 1)))));
    add(e, ConstantParameters.class, "regularised", c -> c.args(r -> args(array(r, 3, -1, 1),
        matrix(r, 4, 3), array(r, 4, -1, 1), u(r, 0.1, 1))));
    add(e, ConstantParameters.class, "smoothed", c -> c.args(r -> args(u(r, -1, 1),
        array(r, r.nextInt(1, 5), -1, 1))));
    add(e, ConstantParameters.class, "predictions", c -> c.args(r -> args(array(r, 3, -1, 1),
        matrix(r, 4, 3))));
    add(e, ConstantParameters.class, "residuals", c -> c.args(r -> args(array(r, 3, -1, 1),
        matrix(r, 4, 3), array(r, 4, -1, 1), new double[4])));
    add(e, ConstantParameters.class, "sequenceLoss", c -> c.args(r -> args(array(r, 3, -1, 1),
        matrix(r, 1, 4), matrix(r, r.nextInt(0, 6), 4))));
    add(e, ConstantParameters.class, "rowsOfData", c -> c.args(r -> args(u(r, -1, 1),
        matrix(r, r.nextInt(1, 5), 3), array(r, 3, -1, 1))));
    add(e, ConstantParameters.class, "hornerFit", c -> c.args(r -> {
      int n = r.nextInt(0, 5);
      return args(array(r, 3, -1, 1), matrix(r, n, 3), array(r, n, -1, 1), u(r, 0.5, 1));
    }));
    add(e, ConstantParameters.class, "mixedCalls", c -> c.args(r -> args(array(r, 3, -1, 1),
        array(r, r.nextInt(1, 5), -1, 1))));

    // ---- DataArguments: calls on data only, made as they are
    add(e, DataArguments.class, "studentT", c -> c.args(r -> args(u(r, -2, 2), u(r, -1, 1),
        u(r, 0.5, 12))));
    add(e, DataArguments.class, "smoothedNorm", c -> c.args(r -> args(array(r, r.nextInt(1, 6),
        -1, 1))));

    // ---- TailRecursion: self calls in tail position, made loops
    add(e, TailRecursion.class, "power", c -> c.args(r -> args(u(r, -1, 1), u(r, 0.8, 1.1),
        r.nextInt(0, 30))));
    add(e, TailRecursion.class, "damped", c -> c.args(r -> args(u(r, -1, 1), u(r, -1, 1),
        r.nextInt(0, 6))));
    add(e, TailRecursion.class, "swap", c -> c.args(r -> args(u(r, -1, 1), u(r, -1, 1),
        r.nextInt(0, 6))));
    add(e, TailRecursion.class, "weightedSum", c -> c.args(r -> {
      int n = r.nextInt(1, 5);
      return args(array(r, n, -1, 1), array(r, n, -1, 1), 0, u(r, -1, 1));
    }));
    add(e, TailRecursion.class, "collatzLike", c -> c.args(r -> args(u(r, -1, 1),
        r.nextInt(0, 40))));
    add(e, TailRecursion.class, "factorialLike", c -> c.args(r -> args(u(r, -1, 1),
        r.nextInt(0, 6))));
    add(e, TailRecursion.class, "caller", c -> c.args(r -> args(array(r, 3, -1, 1))));

    // ---- RulesOfRules: @Grad methods reading other @Grad methods' rules
    add(e, RulesOfRules.class, "inner", c -> c.args(r -> args(u(r, -2, 2), u(r, -2, 2))));
    add(e, RulesOfRules.class, "outer", c -> c.args(r -> args(u(r, -2, 2))));
    add(e, RulesOfRules.class, "energy", c -> c.args(r -> args(array(r, r.nextInt(1, 6),
        -1, 1))));
    add(e, RulesOfRules.class, "penalty", c -> c.args(r -> args(array(r, r.nextInt(1, 6),
        -1, 1))));
    add(e, RulesOfRules.class, "potential", c -> c.args(r -> {
      int n = r.nextInt(1, 5);
      return args(u(r, -1, 1), array(r, n, -1, 1), array(r, n, 0.5, 2), r.nextInt(0, n + 1));
    }));
    add(e, RulesOfRules.class, "mixed", c -> c.args(r -> {
      int n = r.nextInt(1, 5);
      return args(u(r, -1, 1), array(r, n, -1, 1), array(r, n, 0.5, 2));
    }));
    add(e, RulesOfRules.class, "pair", c -> c.args(r -> args(u(r, -1, 1),
        (float) u(r, -1, 1))));
    add(e, RulesOfRules.class, "pairCurvature", c -> c.args(r -> args(u(r, -1, 1),
        (float) u(r, -1, 1))));
    add(e, RulesOfRules.class, "bilinear", c -> c.args(r -> args(matrix(r, 2, 3),
        array(r, 3, -1, 1))));
    add(e, RulesOfRules.class, "matrixGradientNorm", c -> c.args(r -> args(matrix(r, 2, 3),
        array(r, 3, -1, 1))));
    add(e, RulesOfRules.class, "kinked", c -> c.args(r -> args(u(r, -1, 1), u(r, 0.5, 2))));
    add(e, RulesOfRules.class, "unreadInfiniteDerivatives", c -> c.args(r -> args(u(r, -1, 1),
        r.nextInt(0, 6))));

    // ---- CustomRuleCalls: calls of methods with custom rules, zero derivatives, stop-gradient
    add(e, CustomRuleCalls.class, "logisticLoss", c -> c.range(-2, 2));
    add(e, CustomRuleCalls.class, "overloads", c -> c.range(-2, 2));
    add(e, CustomRuleCalls.class, "polynomial", c -> c.range(-1.5, 1.5).intRange(0, 4));
    add(e, CustomRuleCalls.class, "opaque", c -> c.range(-1.5, 1.5));
    add(e, CustomRuleCalls.class, "sumOfLogistics", c -> c.range(-2, 2));
    add(e, CustomRuleCalls.class, "librarySum", c -> c.range(0.5, 2));
    add(e, CustomRuleCalls.class, "rotatedNorm", c -> c.range(0.5, 2));
    // smoothAbs(4 x0, x1) = sqrt(16 x0^2 + x1^2) is in [2.06, 2.83] for x in [0.5, 0.7]: bucket 2
    add(e, CustomRuleCalls.class, "bucketed", c -> c.range(0.5, 0.7).arrayLength(6));
    add(e, CustomRuleCalls.class, "normOfRecord", c -> c.args(r -> args(new Special.Vec2(
        u(r, 0.5, 2), u(r, -2, -0.5)), u(r, 0.5, 2))));
    add(e, CustomRuleCalls.class, "softmaxCrossEntropy", c -> c.args(r -> {
      int n = r.nextInt(1, 6);
      return args(array(r, n, -2, 2), r.nextInt(0, n));
    }));
    add(e, CustomRuleCalls.class, "bilinear", c -> c.args(r -> args(matrix(r, r.nextInt(1, 4),
        4), array(r, 4, -1, 1))));
    add(e, CustomRuleCalls.class, "scaledTwice", c -> c.range(-1.5, 1.5));
    add(e, CustomRuleCalls.class, "scaleAll", c -> c.range(-1.5, 1.5));
    add(e, CustomRuleCalls.class, "prefixEnergy", c -> c.range(-1.5, 1.5));
    add(e, CustomRuleCalls.class, "prefixOfSquares", c -> c.range(-1.5, 1.5));
    add(e, CustomRuleCalls.class, "floats", c -> c.range(-1.5, 1.5));
    // grid(x) and grid(x * x) are constant for x in [0.3, 0.45]
    add(e, CustomRuleCalls.class, "gridded", c -> c.range(0.3, 0.45));
    add(e, CustomRuleCalls.class, "noisy", c -> c.range(-1.5, 1.5));
    add(e, CustomRuleCalls.class, "stableLogSumExp", c -> c.args(r -> args(array(r,
        r.nextInt(1, 6), -2, 2))));
    add(e, CustomRuleCalls.class, "unusedLogSumExpThenScaled",
        c -> c.range(-1.5, 1.5).arrayLength(4));
    add(e, CustomRuleCalls.class, "weightedLogSumExp", c -> c.range(-1.5, 1.5));
    // ---- FunctionObjects: the signatures FunctionObjectsTest builds function objects of
    add(e, FunctionObjects.class, "weightedLoss", c -> c.args(r -> {
      int n = r.nextInt(1, 5);
      return args(u(r, -1, 1), array(r, n + r.nextInt(0, 2), -1, 1), n, array(r, n, -1, 1));
    }));
    // ragged, the first and last rows alike: GradCheck compares the final shape with the entry
    add(e, FunctionObjects.class, "movedRows", c -> c.args(r -> {
      double[][] m = new double[r.nextInt(1, 4)][];
      int ends = r.nextInt(1, 4);
      for (int i = 0; i < m.length; i++) {
        m[i] = array(r, i == 0 || i == m.length - 1 ? ends : r.nextInt(1, 4), -1, 1);
      }
      return args((Object) m);
    }));
    add(e, FunctionObjects.class, "permuted", c -> c.args(r -> args(array(r, 4, -1, 1),
        new int[] {2, 0, 3, 1})));
    add(e, FunctionObjects.class, "floatScaled", c -> c.args(r -> {
      int n = r.nextInt(1, 5);
      return args((float) u(r, -1, 1), floatArray(r, n), array(r, n, -1, 1));
    }));
    add(e, FunctionObjects.class, "residuals", c -> c.args(r -> args(array(r, 2, -1, 1),
        array(r, 4, 0, 1), array(r, 4, -1, 1))));
    add(e, FunctionObjects.class, "gradientNorm", c -> c.args(r -> args(array(r,
        r.nextInt(1, 5), -1.5, 1.5))));
    add(e, FunctionObjects.class, "pairNorm", c -> c.args(r -> args(
        new FunctionObjects.Pair(u(r, -1, 1), u(r, -1, 1)))));
    add(e, FunctionObjects.class, "checked", c -> c.args(r -> args(u(r, -2, 2))));

    // ---- SecondOrder: Hessian-vector products through loops, branches, mutation, recursion
    add(e, SecondOrder.class, "quartic", c -> c.args(r -> args(array(r, r.nextInt(1, 6),
        -1, 1))));
    add(e, SecondOrder.class, "branches", c -> c.args(r -> args(u(r, -1, 1), u(r, -1, 1))));
    add(e, SecondOrder.class, "squaredInPlace", c -> c.args(r -> args(array(r,
        r.nextInt(1, 6), -1, 1))));
    add(e, SecondOrder.class, "power", c -> c.args(r -> args(u(r, -1.5, 1.5),
        r.nextInt(0, 8))));
    add(e, SecondOrder.class, "logSumExp", c -> c.args(r -> {
      int n = r.nextInt(1, 6);
      return args(array(r, n, -2, 2), array(r, n, 0.5, 2));
    }));
    add(e, SecondOrder.class, "floats", c -> c.args(r -> args(floatArray(r, r.nextInt(1, 6)),
        (float) u(r, 0.5, 2))));
    add(e, SecondOrder.class, "composed", c -> c.args(r -> args(array(r, r.nextInt(1, 5),
        -1, 1), r.nextInt(0, 5))));
    add(e, SecondOrder.class, "floatRounded", c -> c.floatInside().args(r -> args(u(r, -1, 1),
        u(r, 0.5, 1), u(r, 1, 2))));
    add(e, SecondOrder.class, "intStored", c -> c.args(r -> args(array(r, 2, -1, 1),
        r.nextInt(-3, 4))));
    add(e, SecondOrder.class, "replacedElement", c -> c.args(r -> args(
        new SecondOrder.Point(u(r, -1, 1)), new SecondOrder.Point[] {
            new SecondOrder.Point(u(r, -1, 1)), new SecondOrder.Point(u(r, -1, 1))})));
    add(e, SecondOrder.class, "wrappedAngle", c -> c.args(r -> args(array(r, 1, -1, 1),
        new SecondOrder.Point(u(r, 1, 2)))));
    // x stays away from the weight's step at 0.5
    add(e, SecondOrder.class, "passiveRecordMethod", c -> c.range(0.6, 2.0));
    add(e, SecondOrder.class, "steepCurvature", c -> c.args(r -> args(u(r, 0.5, 2),
        (float) u(r, -1, 1), array(r, r.nextInt(1, 3), -1, 1), (float) u(r, -1, 1))));

    // ---- ReturningArguments: helpers returning the array or object they were passed
    add(e, ReturningArguments.class, "chained", c -> c.args(r -> args(u(r, -1, 1),
        array(r, 3, -1, 1), array(r, 3, -1, 1))));
    add(e, ReturningArguments.class, "inPlace", c -> c.args(r -> args(array(r, 3, -1, 1),
        u(r, -1, 1))));
    add(e, ReturningArguments.class, "fluent", c -> c.args(r -> args(
        new ReturningArguments.Vec(u(r, -1, 1), u(r, -1, 1)), u(r, -1, 1))));

    // ---- ObjectArrayFields: objects and records holding arrays of objects and records
    add(e, ObjectArrayFields.ParticleSystem.class, "energy", c -> c.args(r -> args(
        particleSystem(r))));
    add(e, ObjectArrayFields.ParticleSystem.class, "step", c -> c.args(r -> args(
        particleSystem(r), u(r, 0.01, 0.2))));
    add(e, ObjectArrayFields.class, "energyAfter", c -> c.args(r -> args(particleSystem(r),
        u(r, 0.01, 0.2), r.nextInt(0, 4))));
    add(e, ObjectArrayFields.Cluster.class, "step", c -> c.args(r -> {
      ObjectArrayFields.Star[] stars = new ObjectArrayFields.Star[r.nextInt(1, 4)];
      for (int k = 0; k < stars.length; k++) {
        stars[k] = new ObjectArrayFields.Star(u(r, -1, 1), u(r, -1, 1), u(r, 0.5, 2));
      }
      return args(new ObjectArrayFields.Cluster(stars, u(r, 0.5, 2)), u(r, 0.01, 0.2));
    }));
    add(e, ObjectArrayFields.Mlp.class, "loss", c -> c.args(r -> {
      int batch = r.nextInt(1, 4);
      return args(mlp(r), matrix(r, batch, 3), labels(r, batch, 2));
    }));
    add(e, ObjectArrayFields.class, "regularized", c -> c.args(r -> {
      int batch = r.nextInt(1, 4);
      return args(mlp(r), matrix(r, batch, 3), labels(r, batch, 2), u(r, 0.01, 0.5));
    }));
    add(e, ObjectArrayFields.Chain.class, "stretchEnergy", c -> c.args(r -> args(chain(r))));
    add(e, ObjectArrayFields.Chain.class, "stretched", c -> c.args(r -> args(chain(r),
        u(r, 0.5, 2))));
    add(e, ObjectArrayFields.class, "stretchedEnergy", c -> c.args(r -> args(chain(r),
        u(r, 0.5, 2))));

    // ---- HeldArrays: @Grad methods writing the arrays of the objects they are passed
    add(e, HeldArrays.class, "logLikelihood", c -> c.args(r -> args(kalman(r),
        array(r, r.nextInt(1, 4), -1, 1), u(r, 0.1, 1))));
    add(e, HeldArrays.Kalman.class, "update", c -> c.args(r -> args(kalman(r), u(r, -1, 1),
        u(r, 0.1, 1))));
    add(e, HeldArrays.class, "scaleFirst", c -> c.args(r -> args(
        new HeldArrays.Buffer(array(r, 2, -1, 1), u(r, -1, 1)), u(r, -1, 1))));
    add(e, HeldArrays.class, "scaleSamples", c -> c.args(r -> {
      HeldArrays.Buffer[] s = new HeldArrays.Buffer[r.nextInt(1, 4)];
      for (int k = 0; k < s.length; k++) {
        s[k] = new HeldArrays.Buffer(array(r, 2, -1, 1), u(r, -1, 1));
      }
      return args(u(r, -1, 1), s);
    }));
    add(e, HeldArrays.class, "normalised", c -> c.args(r -> args(
        new HeldArrays.Buffer(array(r, 2, -1, 1), u(r, 0.5, 2)))));
    add(e, HeldArrays.class, "filterEnergy", c -> c.args(r -> args(
        new HeldArrays.Filters(tensor(r, 2, 2, 3), u(r, -1, 1)), u(r, -1, 1))));
    add(e, HeldArrays.class, "swapRows", c -> c.args(r -> args(grid(r), u(r, -1, 1))));
    add(e, HeldArrays.class, "aliasRows", c -> c.args(r -> args(grid(r), u(r, -1, 1))));
    add(e, HeldArrays.class, "smooth", c -> c.args(r -> args(grid(r), u(r, -1, 1))));

    return e;
  }

  /** Two to four particles with positive masses, a positive stiffness and coupling. */
  private static ObjectArrayFields.ParticleSystem particleSystem(Random r) {
    ObjectArrayFields.Particle[] ps = new ObjectArrayFields.Particle[r.nextInt(2, 5)];
    for (int k = 0; k < ps.length; k++) {
      ps[k] = new ObjectArrayFields.Particle(u(r, -1, 1), u(r, -1, 1), u(r, 0.5, 2));
    }
    return new ObjectArrayFields.ParticleSystem(ps, u(r, 0.5, 2), u(r, 0.1, 1));
  }

  /** A 3-4-2 network (one or two hidden layers of 4), weights in [-1, 1]. */
  private static ObjectArrayFields.Mlp mlp(Random r) {
    int hidden = r.nextInt(1, 3);
    ObjectArrayFields.Layer[] layers = new ObjectArrayFields.Layer[hidden + 1];
    int inputs = 3;
    for (int k = 0; k < layers.length; k++) {
      int outputs = k == hidden ? 2 : 4;
      layers[k] = new ObjectArrayFields.Layer(matrix(r, outputs, inputs),
          array(r, outputs, -0.5, 0.5));
      inputs = outputs;
    }
    return new ObjectArrayFields.Mlp(layers);
  }

  private static int[] labels(Random r, int n, int classes) {
    int[] labels = new int[n];
    for (int k = 0; k < n; k++) {
      labels[k] = r.nextInt(classes);
    }
    return labels;
  }

  /** Three to five points at least 0.5 apart (the length is smooth there). */
  private static ObjectArrayFields.Chain chain(Random r) {
    ObjectArrayFields.Vec3[] points = new ObjectArrayFields.Vec3[r.nextInt(3, 6)];
    for (int k = 0; k < points.length; k++) {
      points[k] = new ObjectArrayFields.Vec3(k + u(r, -0.2, 0.2), u(r, -1, 1), u(r, -1, 1));
    }
    return new ObjectArrayFields.Chain(points, u(r, 0.5, 2));
  }

  /** A filter with a positive definite covariance and positive noises. */
  private static HeldArrays.Kalman kalman(Random r) {
    double c = u(r, -0.2, 0.2);
    return new HeldArrays.Kalman(array(r, 2, -1, 1),
        new double[][] {{u(r, 0.5, 1.5), c}, {c, u(r, 0.5, 1.5)}}, u(r, 0.05, 0.3),
        u(r, 0.2, 0.6));
  }

  private static HeldArrays.Grid grid(Random r) {
    return new HeldArrays.Grid(matrix(r, 3, 3), u(r, -1, 1));
  }

  private static ChangedObjects.Particle changedParticle(Random r) {
    return new ChangedObjects.Particle(u(r, -1, 1), u(r, -1, 1), u(r, 0.5, 2));
  }

  private static Getters.Body getterBody(Random r) {
    return new Getters.Body(new Getters.Vec(u(r, -1, 1), u(r, -1, 1)), u(r, 0.5, 2),
        array(r, 2, -1, 1));
  }

  private static ChangedObjects.Body body(Random r) {
    return new ChangedObjects.Body(new ChangedObjects.Vec(u(r, -1, 1), u(r, -1, 1)),
        new ChangedObjects.Vec(u(r, -1, 1), u(r, -1, 1)), u(r, 0.5, 2));
  }

  private static Objects.Layer layer(Random r, int outputs, int inputs) {
    return new Objects.Layer(matrix(r, outputs, inputs), array(r, outputs, -1, 1),
        u(r, 0.5, 1.5), Objects.Link.values()[r.nextInt(3)]);
  }

  private static double[][][] tensor(Random r, int n, int rows, int columns) {
    double[][][] t = new double[n][][];
    for (int i = 0; i < n; i++) {
      t[i] = matrix(r, rows, columns);
    }
    return t;
  }

  private static double[][] matrix(Random r, int rows, int columns) {
    double[][] m = new double[rows][];
    for (int i = 0; i < rows; i++) {
      m[i] = array(r, columns, -1, 1);
    }
    return m;
  }

  /** One to three 3x3 tanh layers, weights in [-1, 1], biases in [-0.5, 0.5]. */
  private static LayerArrays.Layer[] layers(Random r) {
    LayerArrays.Layer[] layers = new LayerArrays.Layer[r.nextInt(1, 4)];
    for (int k = 0; k < layers.length; k++) {
      layers[k] = new LayerArrays.Layer(matrix(r, 3, 3), array(r, 3, -0.5, 0.5));
    }
    return layers;
  }

  private static Records.Vec vec(Random r) {
    return new Records.Vec(u(r, -2, 2), u(r, -2, 2));
  }

  /**
   * A table with three ragged rows of 1 to 3 entries, a vector of 3 (null one time in three if
   * {@code optional}), repeated indices into it and a positive scale.
   */
  private static RecordsWithArrays.Table table(Random r, boolean optional) {
    double[][] a = new double[3][];
    for (int i = 0; i < a.length; i++) {
      a[i] = array(r, r.nextInt(1, 4), -1, 1);
    }
    double[] b = optional && r.nextInt(3) == 0 ? null : array(r, 3, -1.5, 1.5);
    return new RecordsWithArrays.Table("t", a, b, new int[] {2, 0, 2}, u(r, 0.5, 1.5));
  }

  private static Records.Particle particle(Random r) {
    return new Records.Particle(vec(r), vec(r), (float) u(r, 0.5, 2), r.nextInt(0, 5),
        r.nextBoolean() ? Records.Kind.POSITIVE : Records.Kind.NEGATIVE);
  }

  @TestFactory
  Stream<DynamicTest> everyCorpusMethodPassesGradCheck() {
    return entries().stream().map(entry -> DynamicTest.dynamicTest(entry.name(), entry::check));
  }

  @Test
  void corpusIsLargeEnough() {
    int n = entries().size();
    assertTrue(n >= 45, "the corpus should have at least 45 checked programs, has " + n);
  }

  /** An accessor, equals, hashCode or toString of a record: not an entry point. */
  private static boolean isRecordMember(Class<?> owner, Method m) {
    return owner.isRecord() && (m.getParameterCount() == 0 && java.util.Arrays.stream(
        owner.getRecordComponents()).anyMatch(c -> c.getName().equals(m.getName()))
        || Set.of("equals", "hashCode", "toString").contains(m.getName()));
  }

  @Test
  void everyStaticCorpusMethodHasExactlyOneEntry() {
    List<String> names = entries().stream()
        .map(Entry::name).collect(Collectors.toList());
    Set<String> checked = new TreeSet<>(names);
    assertEquals(names.size(), checked.size(), "duplicate entries in " + names);

    Set<String> declared = new TreeSet<>();
    for (Class<?> owner : CORPUS) {
      for (Method m : owner.getDeclaredMethods()) {
        // private static methods are helpers, checked through the entry points calling them
        // public instance methods (@Grad methods of classes used as values) are entry points
        if ((Modifier.isStatic(m.getModifiers()) && !Modifier.isPrivate(m.getModifiers())
            || Modifier.isPublic(m.getModifiers())) && !m.isSynthetic()
            && !isRecordMember(owner, m)) {
          declared.add(owner.getSimpleName() + "." + m.getName());
        }
      }
    }
    Set<String> unchecked = new TreeSet<>(declared);
    unchecked.removeAll(checked);
    assertTrue(unchecked.isEmpty(), "corpus methods without a GradCheck entry: " + unchecked);

    Set<String> stale = new TreeSet<>(checked);
    stale.removeAll(declared);
    assertTrue(stale.isEmpty(), "entries naming no static corpus method: " + stale);
  }

  @Test
  void everyEntryOwnerIsACorpusClass() {
    for (Entry entry : entries().stream().toList()) {
      assertTrue(CORPUS.contains(entry.owner()), entry.name() + " is not in CORPUS");
    }
  }

  // ---------------------------------------------------------------- helpers for the points

  private static void add(
      List<Entry> entries, Class<?> owner, String method, UnaryOperator<GradCheck> config) {
    entries.add(new Entry(owner, method, config));
  }

  private static Object[] args(Object... values) {
    return values;
  }

  /** Uniform in [lo, hi). */
  static double u(Random r, double lo, double hi) {
    return lo + (hi - lo) * r.nextDouble();
  }

  static double sign(Random r) {
    return r.nextBoolean() ? 1.0 : -1.0;
  }

  static boolean near(double value, double threshold) {
    return Math.abs(value - threshold) < MARGIN;
  }

  /** Uniform in [lo, hi), at least MARGIN away from every kink. */
  static double away(Random r, double lo, double hi, double... kinks) {
    for (int attempt = 0; attempt < 100_000; attempt++) {
      double v = u(r, lo, hi);
      boolean ok = true;
      for (double k : kinks) {
        ok &= !near(v, k);
      }
      if (ok) {
        return v;
      }
    }
    throw new IllegalStateException("no point in [" + lo + ", " + hi + ") away from the kinks");
  }

  /** True if value is within margin of offset + k * step for some integer k. */
  static boolean nearGrid(double value, double step, double offset, double margin) {
    double t = (value - offset) / step;
    return Math.abs(t - Math.rint(t)) * step < margin;
  }

  /** Uniform in [lo, hi), at least MARGIN away from every offset + k * step. */
  static double offGrid(Random r, double lo, double hi, double step, double offset) {
    double v;
    do {
      v = u(r, lo, hi);
    } while (nearGrid(v, step, offset, MARGIN));
    return v;
  }

  static float[] floatArray(Random r, int n) {
    float[] out = new float[n];
    for (int i = 0; i < n; i++) {
      out[i] = (float) u(r, -1, 1);
    }
    return out;
  }

  static double[] array(Random r, int n, double lo, double hi) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = u(r, lo, hi);
    }
    return x;
  }

  static double[] arrayAway(Random r, int n, double lo, double hi, double... kinks) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = away(r, lo, hi, kinks);
    }
    return x;
  }

  /** True if some x[i] * x[j] (j > i, or j >= i if withDiagonal) is near the threshold. */
  static boolean anyProductNear(double[] x, double threshold, boolean withDiagonal) {
    for (int i = 0; i < x.length; i++) {
      for (int j = withDiagonal ? i : i + 1; j < x.length; j++) {
        if (near(x[i] * x[j], threshold)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Replays Jumps.breakOnThreshold's accumulator: no partial sum may be near the threshold. */
  static boolean breakThresholdClear(double[] x) {
    double s = 0.0;
    for (double v : x) {
      s += v * v;
      if (near(s, 2.0)) {
        return false;
      }
      if (s > 2.0) {
        return true;
      }
      s *= 1.1;
    }
    return true;
  }
}
