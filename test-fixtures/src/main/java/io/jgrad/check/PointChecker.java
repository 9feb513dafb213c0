package io.jgrad.check;

import io.jgrad.Dual;
import java.lang.reflect.Array;
import java.util.Objects;
import java.util.Random;

/**
 * Runs every check at one point: values and array arguments bit for bit, forward against finite
 * differences, reverse against forward (dot-product test) and accumulation in the adjoint.
 */
final class PointChecker {
  /** The errors measured at one point; {@code checked} is false if derivatives were skipped. */
  record Result(boolean checked, double fdError, double dotError) {
    static final Result SKIPPED = new Result(false, 0, 0);
  }

  /** Tolerance of both dot-product tests, relative to the magnitude of their terms. */
  static final double DOT_TOLERANCE = 1e-10;

  /** Tolerance of the accumulation test, relative to the largest buffer entry. */
  static final double ACCUMULATION_TOLERANCE = 1e-12;

  private final Signature signature;
  private final RuleMethods rules;
  private final double fdTolerance;
  private final Object[] args;
  private final String point;

  /**
   * @param fdTolerance the tolerance of the finite-difference check, already widened for floats
   * @param args the point, in the primal's parameter types; never modified
   * @param point how messages name the point, for example {@code 2 of 5 (seed 42)}
   */
  PointChecker(
      Signature signature, RuleMethods rules, double fdTolerance, Object[] args, String point) {
    this.signature = signature;
    this.rules = rules;
    this.fdTolerance = fdTolerance;
    this.args = args;
    this.point = point;
  }

  /** Runs the checks, drawing the direction and the seed from {@code random}. */
  Result run(Random random) {
    Object[] primalArgs = Signature.copy(args);
    double value = rules.primal(primalArgs);
    DiffVector direction = signature.gaussian(args, random);
    double ybar = random.nextGaussian();

    Object[] callArgs = Signature.copy(args);
    Dual dual = rules.forward(callArgs, direction.copy());
    requireSameValue(rules.forwardName(), value, dual.value());
    requireSameArrays(rules.forwardName(), primalArgs, callArgs);

    callArgs = Signature.copy(args);
    RuleMethods.Gradient gradient = rules.reverse(callArgs);
    requireSameValue(rules.reverseName(), value, gradient.value());
    requireSameArrays(rules.reverseName(), primalArgs, callArgs);
    requireGradientShape(gradient.bars());

    callArgs = Signature.copy(args);
    DiffVector bars = signature.zeros(args);
    requireSameValue(rules.adjointName(), value, rules.adjoint(callArgs, bars, ybar));
    requireSameArrays(rules.adjointName(), primalArgs, callArgs);

    if (!Double.isFinite(value)) {
      return Result.SKIPPED;
    }
    FiniteDifferences.Estimate estimate = finiteDifference(direction, dual.tangent());
    if (estimate == null) {
      return Result.SKIPPED;
    }
    double fdError = checkForward(direction, dual.tangent(), estimate);
    double dotError = checkReverse(direction, dual.tangent(), ybar, bars, gradient.bars());
    checkAccumulation(ybar, bars, gradient.bars(), value, primalArgs);
    return new Result(true, fdError, dotError);
  }

  private Failure failure(String check) {
    return new Failure(signature.describe())
        .with("check", check)
        .with("point", point)
        .with("arguments", signature.describe(args));
  }

  private void requireSameValue(String rule, double expected, double actual) {
    if (Double.doubleToLongBits(expected) != Double.doubleToLongBits(actual)) {
      throw failure("the value of " + rule + " is bit for bit the primal's value")
          .with("expected", expected + " (primal)")
          .with("actual", actual + " (" + rule + ")" + ulpDistance(expected, actual))
          .error();
    }
  }

  private static String ulpDistance(double expected, double actual) {
    if (!Double.isFinite(expected) || !Double.isFinite(actual)
        || Math.signum(expected) * Math.signum(actual) < 0) {
      return "";
    }
    long ulps = Math.abs(Double.doubleToLongBits(expected) - Double.doubleToLongBits(actual));
    return ", " + ulps + (ulps == 1 ? " ulp" : " ulps") + " away";
  }

  private void requireSameArrays(String rule, Object[] afterPrimal, Object[] afterRule) {
    for (int i = 0; i < args.length; i++) {
      Object expected = afterPrimal[i];
      Object actual = afterRule[i];
      boolean isArray = expected != null && expected.getClass().isArray();
      if (isArray && !Objects.deepEquals(expected, actual)) {
        String name = signature.name(i);
        throw failure("after " + rule + ", array argument " + name
                + " holds exactly what the primal leaves in it")
            .with("expected", Signature.render(expected) + " (" + name + " after the primal)")
            .with("actual", Signature.render(actual) + " (" + name + " after " + rule + ")")
            .with("difference", firstDifference(expected, actual))
            .error();
      }
    }
  }

  private static String firstDifference(Object expected, Object actual) {
    int length = Array.getLength(expected);
    for (int e = 0; e < length; e++) {
      Object x = Array.get(expected, e);
      Object y = Array.get(actual, e);
      if (!Objects.equals(x, y)) {
        return "first at index " + e + ": " + x + " vs " + y;
      }
    }
    return "none in the first " + length + " entries (deep contents differ)";
  }

  private void requireGradientShape(DiffVector gradient) {
    for (int j = 0; j < gradient.arrays.length; j++) {
      int param = signature.arrayParams[j];
      int expected = ((double[]) args[param]).length;
      double[] actual = gradient.arrays[j];
      if (actual == null || actual.length != expected) {
        String bar = signature.name(param) + "Bar";
        throw failure(rules.reverseName() + " returns " + bar + " shaped like "
                + signature.name(param))
            .with("expected", "a double[" + expected + "]")
            .with("actual", actual == null ? "null" : "a double[" + actual.length + "]")
            .error();
      }
    }
  }

  private FiniteDifferences.Estimate finiteDifference(DiffVector direction, double target) {
    double[] steps =
        signature.involvesFloat() ? FiniteDifferences.FLOAT_STEPS : FiniteDifferences.STEPS;
    double scale = Math.max(1, signature.maxAbsDifferentiable(args));
    return FiniteDifferences.closest(
        h -> rules.primal(signature.perturb(args, direction, h)), steps, scale, target);
  }

  private double checkForward(
      DiffVector direction, double jvp, FiniteDifferences.Estimate estimate) {
    double error = estimate.distance() / Math.max(1, Math.abs(jvp));
    if (!(error <= fdTolerance)) {
      throw failure("forward rule " + rules.forwardName() + " vs central finite differences")
          .with("direction", direction.describe(signature, "Dot"))
          .with("expected", estimate.value() + " (finite difference, best step h = "
              + estimate.step() + ")")
          .with("actual", jvp + " (tangent from " + rules.forwardName() + ")")
          .with("error", "|fd - tangent| / max(1, |tangent|) = " + error
              + " > tolerance " + fdTolerance)
          .error();
    }
    return error;
  }

  private double checkReverse(
      DiffVector direction, double jvp, double ybar, DiffVector bars, DiffVector gradient) {
    double lhs = ybar * jvp;
    double rhs = bars.dot(direction);
    double lowLevelError = relativeError(lhs, rhs, bars.dotMagnitude(direction));
    if (!(lowLevelError <= DOT_TOLERANCE)) {
      throw dotFailure(rules.adjointName() + " with seed ybar", direction, ybar, bars)
          .with("expected", lhs + " (ybar * tangent from " + rules.forwardName() + ")")
          .with("actual", rhs + " (<adjoint buffers, direction>)")
          .with("error", "relative " + lowLevelError + " > tolerance " + DOT_TOLERANCE)
          .error();
    }
    double viaGradient = ybar * gradient.dot(direction);
    double convenienceError =
        relativeError(lhs, viaGradient, Math.abs(ybar) * gradient.dotMagnitude(direction));
    if (!(convenienceError <= DOT_TOLERANCE)) {
      throw dotFailure(rules.reverseName(), direction, ybar, gradient)
          .with("expected", lhs + " (ybar * tangent from " + rules.forwardName() + ")")
          .with("actual", viaGradient + " (ybar * <gradient, direction>)")
          .with("error", "relative " + convenienceError + " > tolerance " + DOT_TOLERANCE)
          .error();
    }
    return Math.max(lowLevelError, convenienceError);
  }

  private Failure dotFailure(String reverse, DiffVector direction, double ybar, DiffVector bars) {
    return failure("dot-product test: ybar * (J d) from " + rules.forwardName()
            + " == <J^T ybar, d> from " + reverse)
        .with("direction", direction.describe(signature, "Dot"))
        .with("ybar", ybar)
        .with("gradient", bars.describe(signature, "Bar"));
  }

  /** {@code |a - b|} relative to the largest of {@code |a|}, {@code |b|} and {@code terms}. */
  private static double relativeError(double a, double b, double terms) {
    double scale = Math.max(Math.max(Math.abs(a), Math.abs(b)), Math.max(terms, Double.MIN_NORMAL));
    return Math.abs(a - b) / scale;
  }

  /**
   * Calls the adjoint a second time on the buffers of the first call, with seed {@code ±2} (a
   * power of two, so scaling by it is exact, with the sign of {@code ybar}, so the two
   * contributions do not cancel), and expects {@code first + seed * gradient}.
   */
  private void checkAccumulation(
      double ybar, DiffVector bars, DiffVector gradient, double value, Object[] afterPrimal) {
    DiffVector first = bars.copy();
    double seed = ybar < 0 ? -2 : 2;
    Object[] callArgs = Signature.copy(args);
    requireSameValue(rules.adjointName(), value, rules.adjoint(callArgs, bars, seed));
    requireSameArrays(rules.adjointName(), afterPrimal, callArgs);
    DiffVector expected = first.plusScaled(seed, gradient);
    double scale =
        Math.max(first.maxAbs() + Math.abs(seed) * gradient.maxAbs(), Double.MIN_NORMAL);
    double error = bars.maxAbsDifference(expected) / scale;
    if (!(error <= ACCUMULATION_TOLERANCE)) {
      throw failure(rules.adjointName() + " adds seed * gradient into its buffers"
              + " (a second call must not overwrite the first)")
          .with("first", first.describe(signature, "Bar") + " (after seed ybar = " + ybar + ")")
          .with("expected", expected.describe(signature, "Bar")
              + " (first + " + seed + " * gradient of " + rules.reverseName() + ")")
          .with("actual", bars.describe(signature, "Bar")
              + " (after a second call with seed " + seed + ")")
          .with("error", "relative " + error + " > tolerance " + ACCUMULATION_TOLERANCE)
          .error();
    }
  }
}
