package io.jgrad.check;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * Runs every check at one point: values and array arguments bit for bit, forward against finite
 * differences, reverse against forward (dot-product tests), accumulation in the adjoint and, for
 * array results, the Jacobian against forward-mode columns.
 *
 * <p>The function checked is {@code inputs -> outputs} where the inputs are the differentiable
 * scalars and the entry contents of every array and record argument, and the outputs are the
 * result (none for {@code void}, one number for a scalar, its elements for a {@code double[]})
 * followed by the final contents of every array and record argument (see {@link Layout}: counted
 * per piece of memory; a record of numbers' final contents are its entry contents, those of a
 * record holding arrays are read from it after the call).
 */
final class PointChecker {
  /**
   * The errors measured at one point; {@code checked} is false if derivatives were skipped,
   * {@code kink} true if only the finite-difference comparison was skipped (kink filtering),
   * {@code threw} true if the primal threw (and the rules were checked to throw alike),
   * {@code noisy} true if a dot-product test passed only within the measured rounding noise.
   */
  record Result(
      boolean checked,
      boolean rejected,
      double fdError,
      double dotError,
      double jacobianError,
      boolean kink,
      boolean threw,
      boolean noisy,
      double hvpError) {
    static final Result SKIPPED = new Result(false, false, 0, 0, 0, false, false, false, -1);
    static final Result REJECTED = new Result(false, true, 0, 0, 0, false, false, false, -1);
    static final Result THREW = new Result(false, false, 0, 0, 0, false, true, false, -1);
  }

  /** Tolerance of the dot-product tests, relative to the magnitude of their terms. */
  static final double DOT_TOLERANCE = 1e-10;

  /**
   * A dot-product test whose relative error exceeds {@link #DOT_TOLERANCE} still passes if the
   * mismatch is at most this many times the rounding noise measured at the point (see {@link
   * #roundingNoise}).
   */
  static final double NOISE_FACTOR = 10;

  /** The fractions by which directions and seeds are split to measure rounding noise. */
  private static final double[] NOISE_SPLITS = {0.6, 0.85};

  /** Tolerance of the Jacobian check, relative to the largest entry. */
  static final double JACOBIAN_TOLERANCE = 1e-10;

  /** Tolerance of the accumulation test, relative to the largest buffer entry. */
  static final double ACCUMULATION_TOLERANCE = 1e-12;

  private final Signature signature;
  private final RuleMethods rules;
  private final double fdTolerance;
  private final CheckOptions options;
  private final Object[] args;
  private final String point;
  private final boolean rejectionAllowed;
  private final Layout layout;

  /** The primal's value and arguments after it, the result length: set by {@link #run}. */
  private Object value;
  private Object[] afterPrimal;
  private int resultLength;
  /** Set when a dot-product test passed only within the measured rounding noise. */
  private boolean noisy;

  /**
   * @param options the tolerance of the finite-difference check, already widened for floats, and
   *     the optional checks
   * @param args the point, in the primal's parameter types; never modified
   * @param point how messages name the point, for example {@code 2 of 5 (seed 42)}
   * @param rejectionAllowed if true, the rules may all reject the point by throwing {@link
   *     IllegalArgumentException} (as they must for aliased arrays that the method writes)
   */
  PointChecker(
      Signature signature,
      RuleMethods rules,
      CheckOptions options,
      Object[] args,
      String point,
      boolean rejectionAllowed) {
    this.signature = signature;
    this.rules = rules;
    this.fdTolerance = options.fdTolerance();
    this.options = options;
    this.args = args;
    this.point = point;
    this.rejectionAllowed = rejectionAllowed;
    this.layout = Layout.of(signature, args);
  }

  /** Runs the checks, drawing directions and seeds from {@code random}. */
  Result run(Random random) {
    Object[] primalArgs = Signature.copy(args);
    Object value;
    try {
      value = rules.primal(primalArgs);
    } catch (RuntimeException e) {
      if (!options.exceptions()) {
        throw e;
      }
      if (rejectionAllowed) {
        // aliased arguments: the rules may reject them before the primal's exception
        return Result.SKIPPED;
      }
      checkRulesThrow(e, primalArgs, random);
      return Result.THREW;
    }
    if (rejectionAllowed && allRulesReject(value)) {
      return Result.REJECTED;
    }
    if (rejectionAllowed && !keepsPattern(primalArgs)) {
      // aliased arguments whose sharing the primal changes (it moves a row of a matrix into
      // another argument's place): nothing to compare row by row, the point is skipped
      return Result.SKIPPED;
    }
    requireSamePattern(primalArgs);
    if (rules.declaredReadOnly()) {
      // @CustomRules(readOnly = ...): the rules' callers keep no copy of the arrays
      requireSameArrays(signature.describe(), args, primalArgs, "is left as it was, as"
          + " @CustomRules(readOnly = ...) on " + rules.subject() + " declares", "on entry");
    }
    int resultLength = resultLength(value);
    this.value = value;
    this.afterPrimal = primalArgs;
    this.resultLength = resultLength;
    double[][] finalLeaves = layout.read(primalArgs);

    DiffVector direction = layout.gaussian(random);
    double ybar = random.nextGaussian();
    double[] resultBar = null;
    if (signature.result == Signature.ResultKind.ARRAY) {
      resultBar = new double[resultLength];
      Layout.fillGaussian(resultBar, random);
    }
    double[][] xbarOut = layout.gaussianLeaves(random);
    double[] scalarBarsOnEntry = new double[signature.scalarParams.length];
    Layout.fillGaussian(scalarBarsOnEntry, random);
    DiffVector offsets = layout.gaussian(random);

    // values and arguments after each rule
    Object[] callArgs = Signature.copy(args);
    Object[] tangents = tangents(direction);
    Object[] forwardArgs = callArgs;
    RuleMethods.Tangent forward =
        guarded(rules.forwardName(), () -> rules.forward(forwardArgs, tangents));
    requireSameValue(rules.forwardName(), value, forward.value());
    requireSameArrays(rules.forwardName(), primalArgs, callArgs);
    double[] ydot = outputTangent(forward, tangents, resultLength);
    // the tangents of the arrays' final contents, by leaf (direction's where nothing wrote them)
    double[][] finalTangentLeaves = layout.read(tangents);
    if (rules.hasForwardInto()) {
      checkForwardInto(args, direction, primalArgs, ((Number) forward.tangent()).doubleValue());
    }
    if (rules.hasDirections() && !layout.aliased()) {
      checkDirections(direction, primalArgs, random, resultLength);
    }

    DiffVector gradient = null;
    if (rules.hasReverse()) {
      Object[] reverseArgs = Signature.copy(args);
      callArgs = reverseArgs;
      double[] reverseBar = copyOf(resultBar);
      RuleMethods.Gradient reverse =
          guarded(rules.reverseName(), () -> rules.reverse(reverseArgs, reverseBar));
      requireSameValue(rules.reverseName(), value, reverse.value());
      requireSameArrays(rules.reverseName(), primalArgs, callArgs);
      gradient = gradient(reverse);
      if (rules.hasGradientInto()) {
        checkGradientInto(args, primalArgs);
      }
    }

    DiffVector bars = layout.zeros();
    bars = callAdjoint(bars, seed(ybar, resultBar, 1), value, primalArgs);

    double[] outputs = outputs(value, finalLeaves);
    if (!allFinite(outputs)) {
      return Result.SKIPPED;
    }
    double fdError;
    boolean kink = false;
    if (options.pathOf() != null) {
      Object path = options.pathOf().apply(Signature.copy(args));
      if (path == null) {
        return Result.SKIPPED;
      }
      fdError = checkForwardAlongPath(direction, ydot, resultLength, path);
      kink = Double.isNaN(fdError);
      if (kink) {
        fdError = 0;
      }
    } else {
      FiniteDifferences.Estimate estimate = finiteDifference(direction, ydot, resultLength);
      if (estimate == null) {
        return Result.SKIPPED;
      }
      fdError = checkForward(direction, ydot, estimate, resultLength);
      kink = Double.isNaN(fdError);
      if (kink) {
        fdError = 0;
      }
    }
    double dotError = 0;
    if (signature.result != Signature.ResultKind.VOID) {
      dotError = checkReverse(direction, ydot, ybar, resultBar, bars, gradient);
      checkAccumulation(ybar, resultBar, bars, offsets, gradient, value, primalArgs,
          finalLeaves, direction, finalTangentLeaves);
    }
    dotError =
        Math.max(dotError, checkAllOutputs(direction, ydot, ybar, resultBar, xbarOut,
            scalarBarsOnEntry, value, primalArgs, resultLength));
    double jacobianError = 0;
    if (rules.hasJacobian() && !layout.aliased()) {
      jacobianError = checkJacobian(primalArgs, resultLength);
    }
    double hvpError = -1;
    if (rules.hasHvp() && gradient != null && !layout.aliased()) {
      hvpError = checkHvp(direction, gradient, primalArgs, random);
      if (hvpError >= 0 && rules.hasHessian() && layout.columns().size() <= HESSIAN_COLUMNS) {
        checkHessian(gradient, primalArgs, random);
      }
    }
    if (rules.hasFunctionObject() && !layout.aliased()) {
      checkFunctionObject(gradient, primalArgs);
    }
    return new Result(true, false, fdError, dotError, jacobianError, kink, false, noisy,
        hvpError);
  }

  // ------------------------------------------------------------------ rule calls, exceptions

  private interface RuleCall<T> {
    T call();
  }

  /**
   * Calls a rule at a point where the primal returned. With {@link CheckOptions#tapes()} the
   * thread's tapes must be as before the call; with {@link CheckOptions#exceptions()} an
   * exception from the rule fails the check (otherwise it propagates unchanged).
   */
  private <T> T guarded(String rule, RuleCall<T> call) {
    TapeSizes before = options.tapes() ? TapeSizes.now() : null;
    T result = null;
    RuntimeException thrown = null;
    try {
      result = call.call();
    } catch (RuntimeException e) {
      thrown = e;
    }
    if (thrown != null && options.exceptions()) {
      Failure failure = failure(rule + " returns where the primal returns")
          .with("actual", rule + " threw " + describe(thrown));
      if (before != null && !TapeSizes.now().equals(before)) {
        failure.with("tapes", TapeSizes.now() + " after the call, " + before + " before");
        TapeSizes.restore(before);
      }
      throw failure.error();
    }
    if (before != null) {
      requireTapes(rule, before, thrown);
    }
    if (thrown != null) {
      throw thrown;
    }
    return result;
  }

  private void requireTapes(String rule, TapeSizes before, RuntimeException thrown) {
    TapeSizes after = TapeSizes.now();
    if (!after.equals(before)) {
      TapeSizes.restore(before);
      throw failure("after " + rule + ", the thread's tapes are as before the call")
          .with("expected", before + " (before the call)")
          .with("actual", after + " (after " + rule
              + (thrown == null ? " returned)" : " threw " + describe(thrown) + ")"))
          .error();
    }
  }

  /** The class, message and first frames of an exception, for messages. */
  private static String describe(Throwable t) {
    StringBuilder text = new StringBuilder(t.toString());
    StackTraceElement[] frames = t.getStackTrace();
    for (int i = 0; i < Math.min(4, frames.length); i++) {
      text.append("\n                at ").append(frames[i]);
    }
    return text.toString();
  }

  /**
   * The primal threw {@code expected} at this point (leaving {@code afterPrimal}): every rule
   * must throw an exception of the same class with the same message, leave the arguments as the
   * primal leaves them and (with {@link CheckOptions#tapes()}) the tapes as it found them.
   */
  private void checkRulesThrow(RuntimeException expected, Object[] afterPrimal, Random random) {
    DiffVector direction = layout.gaussian(random);
    checkThrows(rules.forwardName(), expected, afterPrimal,
        callArgs -> rules.forward(callArgs, tangents(direction)));
    double[] resultBar = new double[0];
    if (rules.hasReverse()) {
      checkThrows(rules.reverseName(), expected, afterPrimal,
          callArgs -> rules.reverse(callArgs, resultBar.clone()));
    }
    checkThrows(rules.adjointName(), expected, afterPrimal,
        callArgs -> {
          DiffVector bars = layout.zeros();
          return rules.adjoint(callArgs, layout.build(bars.arrays), seed(1, resultBar, 1),
              bars.scalars);
        });
    if (rules.hasGradientInto()) {
      checkThrows(rules.gradientIntoName(), expected, afterPrimal,
          callArgs -> {
            DiffVector bars = layout.zeros();
            return rules.gradientInto(callArgs, layout.build(bars.arrays), bars.scalars);
          });
    }
    if (rules.hasJacobian()) {
      checkThrows(rules.jacobianName(), expected, afterPrimal, callArgs -> rules.jacobian(callArgs));
    }
  }

  private void checkThrows(
      String rule, RuntimeException expected, Object[] afterPrimal, Call call) {
    Object[] callArgs = Signature.copy(args);
    TapeSizes before = options.tapes() ? TapeSizes.now() : null;
    RuntimeException thrown = null;
    try {
      call.apply(callArgs);
    } catch (RuntimeException e) {
      thrown = e;
    }
    if (before != null) {
      requireTapes(rule, before, thrown);
    }
    String claim = rule + " throws where the primal throws";
    if (thrown == null) {
      throw failure(claim)
          .with("expected", expected + " (primal)")
          .with("actual", rule + " returned")
          .error();
    }
    if (thrown.getClass() != expected.getClass()
        || !Objects.equals(thrown.getMessage(), expected.getMessage())) {
      throw failure(claim + " (same class and message)")
          .with("expected", expected + " (primal)")
          .with("actual", describe(thrown) + " (" + rule + ")")
          .error();
    }
    requireSameArrays(rule, afterPrimal, callArgs,
        "holds exactly what the primal leaves in it when it throws (" + expected + ")",
        "after the primal threw");
  }

  // ------------------------------------------------------------------------ shapes and vectors

  private Failure failure(String check) {
    return new Failure(rules.subject())
        .with("check", check)
        .with("point", point)
        .with("arguments", signature.describe(args));
  }

  /** True if the primal left the arguments' rows and sharing as the checks can compare them. */
  private boolean keepsPattern(Object[] afterPrimal) {
    Layout after = Layout.of(signature, afterPrimal);
    // rows of an unaliased argument that come to share memory are still read position by position
    boolean positional = !layout.aliased() && after.sameShape(layout);
    return after.samePattern(layout) || positional;
  }

  private void requireSamePattern(Object[] afterPrimal) {
    if (!keepsPattern(afterPrimal)) {
      throw failure("the primal keeps the shape of its array arguments")
          .with("actual", signature.describe(afterPrimal) + " (after the primal)")
          .with("hint", "GradCheck compares the final contents of each array argument with its"
              + " entry contents row by row: a method that changes the number or lengths of the"
              + " rows of a double[][] argument (or of the sub-matrices or rows of a double[][][]"
              + " argument), or changes which of aliased arguments share memory, cannot be"
              + " checked")
          .error();
    }
  }

  private int resultLength(Object value) {
    switch (signature.result) {
      case SCALAR:
        return 1;
      case ARRAY:
        if (value == null) {
          throw failure("the primal returns an array")
              .with("actual", "null")
              .with("hint", "GradCheck cannot check a method that returns null")
              .error();
        }
        return ((double[]) value).length;
      default:
        return 0;
    }
  }

  /** The tangent structures of the forward rule: {@code direction} shaped like the arguments. */
  private Object[] tangents(DiffVector direction) {
    DiffVector copy = direction.copy();
    Object[] tangents = layout.build(copy.arrays);
    for (int k = 0; k < signature.scalarParams.length; k++) {
      tangents[signature.scalarParams[k]] = copy.scalars[k];
    }
    return tangents;
  }

  /** The seed argument of the adjoint: {@code factor * ybar}, {@code factor * resultBar}, none. */
  private Object seed(double ybar, double[] resultBar, double factor) {
    switch (signature.result) {
      case SCALAR:
        return factor * ybar;
      case ARRAY:
        double[] scaled = resultBar.clone();
        for (int i = 0; i < scaled.length; i++) {
          scaled[i] *= factor;
        }
        return scaled;
      default:
        return null;
    }
  }

  private static double[] copyOf(double[] array) {
    return array == null ? null : array.clone();
  }

  /** The result followed by the final leaves, as one flat vector. */
  private static double[] outputs(Object value, double[][] leaves) {
    int n = 0;
    for (double[] leaf : leaves) {
      n += leaf.length;
    }
    double[] result;
    int offset;
    if (value instanceof Double scalar) {
      result = new double[1 + n];
      result[0] = scalar;
      offset = 1;
    } else if (value instanceof double[] array) {
      result = Arrays.copyOf(array, array.length + n);
      offset = array.length;
    } else {
      result = new double[n];
      offset = 0;
    }
    for (double[] leaf : leaves) {
      System.arraycopy(leaf, 0, result, offset, leaf.length);
      offset += leaf.length;
    }
    return result;
  }

  private static boolean allFinite(double[] values) {
    for (double v : values) {
      if (!Double.isFinite(v)) {
        return false;
      }
    }
    return true;
  }

  /** Names output {@code k} of {@link #outputs} in messages. */
  private String outputName(int k, int resultLength) {
    if (k < resultLength) {
      return signature.result == Signature.ResultKind.SCALAR ? "the result" : "result[" + k + "]";
    }
    k -= resultLength;
    for (int leaf = 0; leaf < layout.leafCount(); leaf++) {
      if (k < layout.leafLength(leaf)) {
        return layout.entryName(leaf, k, "") + " (final contents)";
      }
      k -= layout.leafLength(leaf);
    }
    return "output " + k;
  }

  /** Reads the tangents of every output after the forward rule, checking their shapes. */
  private double[] outputTangent(RuleMethods.Tangent forward, Object[] tangents, int length) {
    Object tangent = forward.tangent();
    if (signature.result == Signature.ResultKind.ARRAY) {
      double[] array = (double[]) tangent;
      if (array == null || array.length != length) {
        throw failure(rules.forwardName() + " returns a tangent shaped like the value")
            .with("expected", "a double[" + length + "]")
            .with("actual", array == null ? "null" : "a double[" + array.length + "]")
            .error();
      }
    }
    String problem = layout.shapeProblem(tangents, "Dot");
    if (problem != null) {
      throw failure("after " + rules.forwardName() + ", the tangent arrays are shaped like the"
              + " arguments")
          .with("actual", problem)
          .error();
    }
    return outputs(tangent, layout.read(tangents));
  }

  /** Turns the record of the convenience reverse method into a vector shaped like the inputs. */
  private DiffVector gradient(RuleMethods.Gradient reverse) {
    Object[] bars = reverse.bars();
    for (int param : signature.bufferParams) {
      String problem = layout.shapeProblem(bars, param, "Bar");
      if (problem != null) {
        String bar = signature.name(param) + "Bar";
        String expected = shapeOf(args[param], signature.shadowType(param));
        String recordShape = signature.kind(param) == ParamKind.RECORD
            && signature.recordType(param).hasArrays()
            ? layout.describeRecordShape(param, -1) : null;
        throw failure(rules.reverseName() + " returns " + bar + " shaped like "
                + signature.name(param))
            .with("expected", expected + (recordShape == null ? "" : " shaped like "
                + recordShape))
            .with("actual", bars[param] == null ? "null" : shapeOf(bars[param], null)
                + (recordShape == null ? "" : tangentShape(param, bars[param])))
            .with("problem", problem)
            .error();
      }
    }
    double[] scalars = new double[signature.scalarParams.length];
    for (int k = 0; k < scalars.length; k++) {
      scalars[k] = ((Number) bars[signature.scalarParams[k]]).doubleValue();
    }
    return new DiffVector(scalars, layout.sum(bars));
  }

  /** " shaped like (...)" for a tangent of a record holding arrays, or "" if it is not one. */
  private String tangentShape(int param, Object tangent) {
    ValueType record = signature.recordType(param);
    if (!record.tangentClass().isInstance(tangent)) {
      return "";
    }
    try {
      return " shaped like " + record.describe(record.shapeOf(tangent));
    } catch (RuntimeException e) {
      return ""; // a diagnostic: it must not replace the failure it explains
    }
  }

  /**
   * Describes the shape of an argument or an adjoint, for messages; {@code shadowType}, if not
   * null, names the type of the adjoint of {@code value}, an argument.
   */
  private static String shapeOf(Object value, Class<?> shadowType) {
    if (value instanceof double[] a) {
      return "a double[" + a.length + "]";
    }
    if (value instanceof double[][][] cube) {
      StringBuilder matrices = new StringBuilder();
      for (int m = 0; m < cube.length; m++) {
        matrices.append(m == 0 ? "" : ", ").append(cube[m] == null ? "null"
            : "(" + rowLengths(cube[m]) + ")");
      }
      return "a double[" + cube.length + "][][] with row lengths (" + matrices + ")";
    }
    if (!value.getClass().isArray()) {
      return "a " + (shadowType != null ? shadowType : value.getClass()).getSimpleName();
    }
    // a double[][] or a record array: the length and which elements are null
    Object[] elements = (Object[]) value;
    StringBuilder rows = new StringBuilder();
    for (int r = 0; r < elements.length; r++) {
      Object element = elements[r];
      rows.append(r == 0 ? "" : ", ").append(element == null ? "null"
          : element instanceof double[] row ? String.valueOf(row.length) : "non-null");
    }
    if (value instanceof double[][] matrix) {
      return "a double[" + elements.length + "][] with row lengths (" + rowLengths(matrix) + ")";
    }
    Class<?> type = shadowType != null ? shadowType : value.getClass();
    return "a " + type.getComponentType().getSimpleName() + "[" + elements.length
        + "] with elements (" + rows + ")";
  }

  /** For example {@code 3, null, 1}. */
  private static String rowLengths(double[][] matrix) {
    StringBuilder rows = new StringBuilder();
    for (int r = 0; r < matrix.length; r++) {
      rows.append(r == 0 ? "" : ", ").append(matrix[r] == null ? "null" : matrix[r].length);
    }
    return rows.toString();
  }

  /**
   * Calls the adjoint with {@code bars} as the buffers on entry (leaves are used as they are and
   * scalarBars too), checks the value and the arguments, and returns the buffers after the call.
   */
  private DiffVector callAdjoint(
      DiffVector bars, Object seed, Object value, Object[] afterPrimal) {
    Object[] callArgs = Signature.copy(args);
    Object[] structures = layout.build(bars.arrays);
    Object returned =
        guarded(rules.adjointName(),
            () -> rules.adjoint(callArgs, structures, seed, bars.scalars));
    requireSameValue(rules.adjointName(), value, returned);
    requireSameArrays(rules.adjointName(), afterPrimal, callArgs);
    String problem = layout.shapeProblem(structures, "Bar");
    if (problem != null) {
      throw failure("after " + rules.adjointName() + ", the adjoint arrays are shaped like the"
              + " arguments")
          .with("actual", problem)
          .error();
    }
    return new DiffVector(bars.scalars, layout.read(structures));
  }

  /**
   * {@code fGradientInto}, the reverse rule overwriting its buffers: over buffers holding NaN on
   * entry, the same value and arguments as the primal, and the gradient the adjoint adds into
   * zero buffers of the same structure (aliased arguments share buffers) with seed 1: equal
   * numbers, since a written element and one added into zero may differ in the sign of a zero.
   */
  private void checkGradientInto(Object[] args, Object[] primalArgs) {
    DiffVector gradient = callAdjoint(layout.zeros(), seed(1, null, 1), value, primalArgs);
    Object[] intoArgs = Signature.copy(args);
    DiffVector entry = layout.zeros();
    Arrays.fill(entry.scalars, Double.NaN);
    for (double[] leaf : entry.arrays) {
      Arrays.fill(leaf, Double.NaN);
    }
    Object[] structures = layout.build(entry.arrays);
    Object returned = guarded(rules.gradientIntoName(),
        () -> rules.gradientInto(intoArgs, structures, entry.scalars));
    requireSameValue(rules.gradientIntoName(), value, returned);
    requireSameArrays(rules.gradientIntoName(), primalArgs, intoArgs);
    DiffVector actual = new DiffVector(entry.scalars, layout.read(structures));
    double[] expected = flat(gradient);
    double[] got = flat(actual);
    for (int k = 0; k < expected.length; k++) {
      if (!(expected[k] == got[k] || Double.isNaN(expected[k]) && Double.isNaN(got[k]))) {
        throw failure("the gradient " + rules.gradientIntoName() + " writes over buffers"
            + " holding NaN is the one " + rules.adjointName() + " adds into zeros with seed 1")
            .with("entry", String.valueOf(k))
            .with("expected", expected[k] + " (" + rules.adjointName() + ")")
            .with("actual", got[k] + " (" + rules.gradientIntoName() + ")")
            .error();
      }
    }
  }

  // ---------------------------------------------------------------------------------- values

  /**
   * {@code fInto}, the forward rule writing its tangent into a buffer: the same value, arguments
   * and tangent as the forward rule, bit for bit.
   */
  private void checkForwardInto(Object[] args, DiffVector direction, Object[] primalArgs,
      double tangent) {
    Object[] intoArgs = Signature.copy(args);
    RuleMethods.Tangent into = guarded(rules.forwardIntoName(),
        () -> rules.forwardInto(intoArgs, tangents(direction)));
    requireSameValue(rules.forwardIntoName(), value, into.value());
    requireSameArrays(rules.forwardIntoName(), primalArgs, intoArgs);
    double actual = (Double) into.tangent();
    if (Double.doubleToLongBits(actual) != Double.doubleToLongBits(tangent)) {
      throw failure("the tangent " + rules.forwardIntoName() + " stores is bit for bit the one "
          + rules.forwardName() + " returns")
          .with("expected", tangent + " (" + rules.forwardName() + ")")
          .with("actual", actual + " (" + rules.forwardIntoName() + ")")
          .error();
    }
  }

  /**
   * {@code fDirections}, vector forward mode, along the point's direction, a random one and zero
   * at once: per direction the value, the arguments, the result's tangent and every tangent
   * array bit for bit what the forward rule gives along that direction alone.
   */
  private void checkDirections(DiffVector direction, Object[] primalArgs, Random random,
      int resultLength) {
    DiffVector[] directions = {direction, layout.gaussian(random), layout.zeros()};
    Object[][] expected = new Object[directions.length][];
    Object[] expectedResults = new Object[directions.length];
    Object[][] given = new Object[directions.length][];
    for (int d = 0; d < directions.length; d++) {
      Object[] forwardArgs = Signature.copy(args);
      Object[] tangents = tangents(directions[d]);
      expectedResults[d] = guarded(rules.forwardName(),
          () -> rules.forward(forwardArgs, tangents)).tangent();
      expected[d] = tangents;
      given[d] = tangents(directions[d]);
    }
    Object[] callArgs = Signature.copy(args);
    RuleMethods.Directions actual = guarded(rules.directionsName(),
        () -> rules.directions(callArgs, given, resultLength));
    requireSameValue(rules.directionsName(), value, actual.value());
    requireSameArrays(rules.directionsName(), primalArgs, callArgs);
    for (int d = 0; d < directions.length; d++) {
      String along = d == 0 ? "the point's direction" : d == 1 ? "a random direction" : "zero";
      if (signature.result != Signature.ResultKind.VOID
          && !ValueType.deepEquals(expectedResults[d], actual.resultTangents()[d])) {
        throw failure("the result's tangent from " + rules.directionsName() + " along each"
            + " direction is bit for bit the one " + rules.forwardName() + " returns")
            .with("direction", d + " (" + along + ")")
            .with("expected", Signature.render(expectedResults[d]) + " (" + rules.forwardName()
                + ")")
            .with("actual", Signature.render(actual.resultTangents()[d]) + " ("
                + rules.directionsName() + ")")
            .error();
      }
      for (int i = 0; i < args.length; i++) {
        Object e = expected[d][i];
        if (e != null && e.getClass().isArray()
            && !ValueType.deepEquals(e, actual.tangents()[d][i])) {
          throw failure("after " + rules.directionsName() + ", the tangent of "
              + signature.name(i) + " along each direction is bit for bit what "
              + rules.forwardName() + " leaves in it")
              .with("direction", d + " (" + along + ")")
              .with("expected", Signature.render(e) + " (" + rules.forwardName() + ")")
              .with("actual", Signature.render(actual.tangents()[d][i]) + " ("
                  + rules.directionsName() + ")")
              .error();
        }
      }
    }
  }

  // ---------------------------------------------------------------------------- second order

  /**
   * {@code fHvp}, forward-over-reverse: the value bit for bit, the arguments as the primal leaves
   * them, the gradient bit for bit the reverse rule's; H&middot;u equal to central differences
   * of the gradient along u, and symmetric: {@code w . Hu = u . Hw} for a second direction w.
   * Returns the finite-difference error (0 if no step was usable, at a kink or off the domain;
   * -1, the point not counted, if H u or H w is not finite).
   */
  private double checkHvp(DiffVector u, DiffVector gradient, Object[] primalArgs,
      Random random) {
    DiffVector hu = hvpAlong(u, gradient, primalArgs);
    DiffVector w = layout.gaussian(random);
    DiffVector hw = hvpAlong(w, gradient, primalArgs);
    if (!allFinite(flat(hu)) || !allFinite(flat(hw))) {
      // second derivatives overflowing where the gradient does not (a value of 1e-198 whose
      // terms overflow: seed 3029, program 715): nothing to compare, the point is not counted
      return -1;
    }
    double wHu = w.dot(hu);
    double uHw = u.dot(hw);
    double magnitude = Math.max(w.dotMagnitude(hu), u.dotMagnitude(hw));
    // relative to the terms summed, and to |u| |w|: entries of H below 1e-12 computed with
    // cancellation (a smoothed norm's curvature) carry rounding far above their own size
    double allowed = 1e-6 * magnitude + 1e-12 * Math.sqrt(u.dot(u) * w.dot(w));
    double mismatch = Math.abs(wHu - uHw);
    if (!(mismatch <= allowed)) {
      // within the rounding noise measured at the point? H is linear: w . H u against
      // w . H u1 + w . H (u - u1), and the same for u . H w (seed 3029, program 737: a Hessian
      // of 1e-12 computed through acos(cos(toDegrees(z))))
      DiffVector split = layout.gaussian(random);
      double noise = Math.max(
          Math.abs(wHu - w.dot(hvpAlong(split, gradient, primalArgs))
              - w.dot(hvpAlong(u.plusScaled(-1, split), gradient, primalArgs))),
          Math.abs(uHw - u.dot(hvpAlong(split, gradient, primalArgs))
              - u.dot(hvpAlong(w.plusScaled(-1, split), gradient, primalArgs))));
      // and along 3u and 3w: with one input, splitting u rounds as u does, while the terms
      // inside H u that cancel (+-9.5e3 for a Hessian of 0: seed 3118, program 161) round
      // differently at another scale
      noise = Math.max(noise, Math.max(
          Math.abs(wHu - w.dot(hvpAlong(u.plusScaled(2, u), gradient, primalArgs)) / 3),
          Math.abs(uHw - u.dot(hvpAlong(w.plusScaled(2, w), gradient, primalArgs)) / 3)));
      if (!(mismatch <= NOISE_FACTOR * noise)) {
        throw failure(rules.hvpName() + " is symmetric: w . (H u) = u . (H w)")
            .with("u", layout.describe(u, "Dir"))
            .with("w", layout.describe(w, "Dir"))
            .with("expected", uHw + " (u . H w)")
            .with("actual", wHu + " (w . H u)")
            .with("error", "difference " + mismatch + " > " + allowed + " (1e-6 of the terms"
                + " summed + 1e-12 |u| |w|) and > " + NOISE_FACTOR + " x the rounding noise"
                + " measured by splitting u and w (" + noise + ")")
            .error();
      }
      noisy = true;
    }
    double[] target = flat(hu);
    double tolerance = Math.max(fdTolerance, HVP_TOLERANCE_FLOOR);
    // every step, smaller ones too, whatever the float parameters: the gradient is exact, a
    // curvature that changes quickly (a Monte Carlo estimate over many paths, x / a near a = 0
    // next to a float parameter: seed 3026, program 168) needs them, and a step lost in float
    // rounding gives noise, which the estimate discounts
    // (half decades: the error of differences of a gradient from a quadrature is within the
    // tolerance only near the best step, Heston's at 3e-5)
    double[] steps = {1e-2, 3e-3, 1e-3, 3e-4, 1e-4, 3e-5, 1e-5, 3e-6, 1e-6, 3e-7, 1e-7, 3e-8,
        1e-8, 3e-9, 1e-9};
    // steps relative to the inputs and to the direction's size: a direction of 0.003 moves a
    // float result by less than its rounding at every step otherwise (seed 3036, program 405)
    double scale = Math.max(1, layout.maxAbsDifferentiable(args))
        / Math.max(u.maxAbs(), Double.MIN_NORMAL);
    java.util.function.DoubleFunction<double[]> gradientAt = h -> {
      double[] unusable = new double[target.length];
      Arrays.fill(unusable, Double.NaN);
      try {
        Object[] moved = layout.perturb(args, u, h);
        if (options.pathOf() != null && !java.util.Objects.equals(
            options.pathOf().apply(Signature.copy(args)), options.pathOf().apply(
                layout.perturb(args, u, h)))) {
          return unusable; // across a kink: the gradient jumps
        }
        return flat(gradient(rules.reverse(moved, null)));
      } catch (RuntimeException e) {
        if (!options.exceptions()) {
          throw e;
        }
        return unusable;
      }
    };
    // evidence of convergence: with floats in the method, only steps a float resolves
    // (seed 3031, program 793: tiny steps of a gradient rounded through floats agree with each
    // other, being the same quantum, and with nothing else)
    double evidence = options.floatSteps() ? FiniteDifferences.FLOAT_STEPS[
        FiniteDifferences.FLOAT_STEPS.length - 1] : 0;
    List<FiniteDifferences.Estimate> usable = new ArrayList<>();
    FiniteDifferences.Estimate best = null;
    for (double relative : steps) {
      double h = relative * scale;
      FiniteDifferences.Estimate estimate = FiniteDifferences.estimate(gradientAt.apply(h),
          gradientAt.apply(-h), h, target, tolerance, false);
      if (estimate != null) {
        if (relative >= evidence) {
          usable.add(estimate);
        }
        if (best == null || estimate.error() < best.error()) {
          best = estimate;
        }
      }
    }
    if (best == null || best.error() <= tolerance) {
      return best == null ? 0 : best.error();
    }
    // a miss counts only where the differences have converged: two steps agreeing with each
    // other (a gradient rounded through a float, or a branch taken at every larger step, gives
    // differences that agree with nothing: seed 3027, program 981)
    boolean converged = false;
    for (int i = 0; i < usable.size() && !converged; i++) {
      for (int j = i + 1; j < usable.size() && !converged; j++) {
        converged = FiniteDifferences.disagreement(usable.get(i).value(), usable.get(j).value())
            <= tolerance / 10;
      }
    }
    if (!converged) {
      return 0;
    }
    int k = best.worst();
    throw failure(rules.hvpName() + " vs central finite differences of the gradient")
        .with("direction", layout.describe(u, "Dir"))
        .with("entry", Integer.toString(k))
        .with("expected", best.value()[k] + " (finite difference of "
            + rules.reverseName() + ", best step h = " + best.step() + ")")
        .with("actual", target[k] + " (Hessian times direction from " + rules.hvpName() + ")")
        .with("error", best.error() + " > tolerance " + tolerance)
        .error();
  }

  /** Up to this many inputs the dense Hessian is checked too (one HVP per column, twice). */
  static final int HESSIAN_COLUMNS = 40;

  /**
   * {@code fHessian}: the arguments as the primal leaves them; column c is {@code fHvp} along
   * input c, bit for bit (the same computation), laid out in the columns' order (parameter
   * order, as {@code fJacobian}); and the matrix is symmetric to 1e-6 of its largest entry.
   */
  private void checkHessian(DiffVector gradient, Object[] primalArgs, Random random) {
    List<int[]> columns = layout.columns();
    int n = columns.size();
    Object[] callArgs = Signature.copy(args);
    double[][] hessian = guarded(rules.hessianName(), () -> rules.hessian(callArgs));
    requireSameArrays(rules.hessianName(), primalArgs, callArgs);
    boolean shapeOk = hessian != null && hessian.length == n;
    for (int r = 0; shapeOk && r < n; r++) {
      shapeOk = hessian[r] != null && hessian[r].length == n;
    }
    if (!shapeOk) {
      throw failure(rules.hessianName() + " returns one row and one column per differentiable"
              + " input")
          .with("expected", "a double[" + n + "][" + n + "]")
          .with("actual", hessian == null ? "null" : Signature.render(hessian))
          .error();
    }
    double largest = 0;
    for (int c = 0; c < n; c++) {
      DiffVector column = hvpAlong(unitColumn(columns.get(c)), gradient, primalArgs);
      for (int r = 0; r < n; r++) {
        int[] at = columns.get(r);
        double expected = at[0] < 0 ? column.scalars[at[1]] : column.arrays[at[0]][at[1]];
        if (Double.doubleToLongBits(hessian[r][c]) != Double.doubleToLongBits(expected)) {
          throw failure(rules.hessianName() + " column " + c + " is " + rules.hvpName()
                  + " along input " + c + ", bit for bit")
              .with("entry", "[" + r + "][" + c + "] (" + columnName(at) + ", "
                  + columnName(columns.get(c)) + ")")
              .with("expected", expected + " (" + rules.hvpName() + ")")
              .with("actual", hessian[r][c] + " (" + rules.hessianName() + ")")
              .error();
        }
        largest = Math.max(largest, Math.abs(expected));
      }
    }
    for (int r = 0; r < n; r++) {
      for (int c = r + 1; c < n; c++) {
        double mismatch = Math.abs(hessian[r][c] - hessian[c][r]);
        if (!(mismatch <= 1e-6 * largest + 1e-12) && !(mismatch <= NOISE_FACTOR
            * hessianEntryNoise(columns, r, c, gradient, primalArgs, random))) {
          throw failure(rules.hessianName() + " is symmetric")
              .with("entry", "[" + r + "][" + c + "] (" + columnName(columns.get(r)) + ", "
                  + columnName(columns.get(c)) + ")")
              .with("expected", hessian[c][r] + " ([" + c + "][" + r + "])")
              .with("actual", hessian[r][c] + " ([" + r + "][" + c + "])")
              .with("error", "difference " + mismatch + " > 1e-6 of the largest entry + 1e-12"
                  + " and > " + NOISE_FACTOR + " x the rounding noise measured by splitting"
                  + " the unit columns")
              .error();
        }
      }
    }
  }

  /**
   * The rounding noise of Hessian entries [r][c] and [c][r], measured as {@link #checkHvp}
   * measures it: H is linear, so {@code e_r . H e_c} against {@code e_r . H s + e_r . H (e_c -
   * s)} for a random s (and the same the other way round). A Hessian of 1e-11 computed through
   * {@code float} casts is asymmetric by its rounding (seed 3052, program 833); counted as noisy.
   */
  private double hessianEntryNoise(List<int[]> columns, int r, int c, DiffVector gradient,
      Object[] primalArgs, Random random) {
    DiffVector er = unitColumn(columns.get(r));
    DiffVector ec = unitColumn(columns.get(c));
    DiffVector split = layout.gaussian(random);
    double noise = Math.max(
        Math.abs(er.dot(hvpAlong(ec, gradient, primalArgs))
            - er.dot(hvpAlong(split, gradient, primalArgs))
            - er.dot(hvpAlong(ec.plusScaled(-1, split), gradient, primalArgs))),
        Math.abs(ec.dot(hvpAlong(er, gradient, primalArgs))
            - ec.dot(hvpAlong(split, gradient, primalArgs))
            - ec.dot(hvpAlong(er.plusScaled(-1, split), gradient, primalArgs))));
    noisy = true;
    return noise;
  }

  /**
   * The least tolerance of H&middot;u against differences of the gradient: a gradient computed
   * by quadrature (Heston's) is smooth only to about 1e-6 of its size, and differences of it
   * reach 1e-6 only near the best step.
   */
  static final double HVP_TOLERANCE_FLOOR = 1e-5;

  /** H&middot;d from {@code fHvp}, after checking its value, arguments and gradient. */
  private DiffVector hvpAlong(DiffVector d, DiffVector gradient, Object[] primalArgs) {
    Object[] hvpArgs = Signature.copy(args);
    RuleMethods.Hvp hvp = guarded(rules.hvpName(), () -> rules.hvp(hvpArgs, tangents(d)));
    requireSameValue(rules.hvpName(), value, hvp.value());
    requireSameArrays(rules.hvpName(), primalArgs, hvpArgs);
    DiffVector bars = gradient(new RuleMethods.Gradient(hvp.value(), hvp.bars()));
    if (!Arrays.equals(flat(bars), flat(gradient))) {
      throw failure("the gradient " + rules.hvpName() + " returns is bit for bit "
              + rules.reverseName() + "'s")
          .with("expected", layout.describe(gradient, "Bar"))
          .with("actual", layout.describe(bars, "Bar"))
          .error();
    }
    return gradient(new RuleMethods.Gradient(hvp.value(), hvp.hvps()));
  }

  // ------------------------------------------------------------------ function objects

  /**
   * The function object ({@code fFunction}) at the point laid out as the columns: its value is
   * the primal's, its gradient {@code f}'s, its Hessian-vector product along a random direction
   * {@code fHvp}'s, its Hessian {@code fHessian}'s and its Jacobian {@code fJacobian}'s, bit for
   * bit; it is a {@code HessianFunction} exactly where {@code fHessian} exists; the point is left
   * as it is, and the value comes out the same when asked again after the other calls. Its
   * direction comes from a generator of its own: the other checks see the points and directions
   * they saw before function objects existed.
   */
  private void checkFunctionObject(DiffVector gradient, Object[] primalArgs) {
    String name = rules.functionObjectName();
    Object function = guarded(name, () -> rules.functionObject(Signature.copy(args)));
    List<int[]> columns = layout.columns();
    int n = columns.size();
    double[] point = byColumn(layout.inputs(args), columns);
    double[] pointCopy = point.clone();
    Random random = new Random(Arrays.hashCode(point));
    if (function instanceof io.jgrad.function.GradientFunction f) {
      requireDimension(name, f.dimension(), n);
      requireSameValue(name + ".value", value, guarded(name, () -> f.value(point)));
      double[] actual = new double[n];
      requireSameValue(name + ".valueAndGradient", value,
          guarded(name, () -> f.valueAndGradient(point, actual)));
      requireSameColumns(name + ".valueAndGradient", byColumn(gradient, columns), actual,
          rules.reverseName());
      if ((f instanceof io.jgrad.function.HessianFunction) != rules.hasHessian()) {
        throw failure(name + " is a HessianFunction exactly where " + name.replaceAll(
                "Function$", "Hessian") + " exists")
            .with("actual", f.getClass().getName() + (rules.hasHessian() ? " without" : " with")
                + " second order")
            .error();
      }
      if (f instanceof io.jgrad.function.HessianFunction h && rules.hasHvp()) {
        DiffVector d = layout.gaussian(random);
        double[] g = new double[n];
        double[] product = new double[n];
        requireSameValue(name + ".valueGradientAndHessianTimes", value, guarded(name,
            () -> h.valueGradientAndHessianTimes(point, byColumn(d, columns), g, product)));
        requireSameColumns(name + ".valueGradientAndHessianTimes", byColumn(gradient, columns),
            g, rules.reverseName());
        requireSameColumns(name + ".valueGradientAndHessianTimes",
            byColumn(hvpAlong(d, gradient, primalArgs), columns), product, rules.hvpName());
        if (n <= HESSIAN_COLUMNS) {
          requireSameMatrix(name + ".hessian", rules.hessian(Signature.copy(args)),
              guarded(name, () -> h.hessian(point)), rules.hessianName());
        }
      }
      requireSameValue(name + ".value, called again", value, guarded(name, () -> f.value(point)));
    } else {
      io.jgrad.function.JacobianFunction f = (io.jgrad.function.JacobianFunction) function;
      requireDimension(name, f.dimension(), n);
      requireSameValue(name + ".value", value, guarded(name, () -> f.value(point)));
      requireSameMatrix(name + ".jacobian", rules.jacobian(Signature.copy(args)),
          guarded(name, () -> f.jacobian(point)), rules.jacobianName());
      requireSameValue(name + ".value, called again", value, guarded(name, () -> f.value(point)));
    }
    if (!Arrays.equals(pointCopy, point)) {
      throw failure(name + " leaves the point as it is")
          .with("expected", Arrays.toString(pointCopy))
          .with("actual", Arrays.toString(point))
          .error();
    }
  }

  /** The entries of a vector in the order of {@code columns} (the layout of a point). */
  private static double[] byColumn(DiffVector v, List<int[]> columns) {
    double[] out = new double[columns.size()];
    for (int c = 0; c < out.length; c++) {
      int[] at = columns.get(c);
      out[c] = at[0] < 0 ? v.scalars[at[1]] : v.arrays[at[0]][at[1]];
    }
    return out;
  }

  private void requireDimension(String name, int actual, int columns) {
    if (actual != columns) {
      throw failure(name + ".dimension() is the number of differentiable inputs")
          .with("expected", columns)
          .with("actual", actual)
          .error();
    }
  }

  private void requireSameColumns(String rule, double[] expected, double[] actual,
      String reference) {
    for (int c = 0; c < expected.length; c++) {
      if (Double.doubleToLongBits(expected[c]) != Double.doubleToLongBits(actual[c])) {
        throw failure(rule + " gives " + reference + "'s derivatives, bit for bit")
            .with("entry", c + " (" + columnName(layout.columns().get(c)) + ")")
            .with("expected", expected[c] + " (" + reference + ")")
            .with("actual", actual[c] + " (" + rule + ")")
            .error();
      }
    }
  }

  private void requireSameMatrix(String rule, double[][] expected, double[][] actual,
      String reference) {
    if (!Arrays.deepEquals(expected, actual)) {
      throw failure(rule + " is " + reference + ", bit for bit")
          .with("expected", Signature.render(expected))
          .with("actual", Signature.render(actual))
          .error();
    }
  }

  /** The entries of a vector, scalars first. */
  private static double[] flat(DiffVector v) {
    int n = v.scalars.length;
    for (double[] a : v.arrays) {
      n += a.length;
    }
    double[] out = Arrays.copyOf(v.scalars, n);
    int at = v.scalars.length;
    for (double[] a : v.arrays) {
      System.arraycopy(a, 0, out, at, a.length);
      at += a.length;
    }
    return out;
  }

  private void requireSameValue(String rule, Object expected, Object actual) {
    if (signature.result == Signature.ResultKind.VOID) {
      return;
    }
    if (signature.result == Signature.ResultKind.SCALAR) {
      double e = (Double) expected;
      double a = ((Number) actual).doubleValue();
      if (Double.doubleToLongBits(e) != Double.doubleToLongBits(a)) {
        throw failure("the value of " + rule + " is bit for bit the primal's value")
            .with("expected", e + " (primal)")
            .with("actual", a + " (" + rule + ")" + ulpDistance(e, a))
            .error();
      }
      return;
    }
    double[] e = (double[]) expected;
    double[] a = (double[]) actual;
    if (!Arrays.equals(e, a)) {
      Failure failure =
          failure("the value of " + rule + " is element for element bit for bit the primal's"
                  + " value")
              .with("expected", Arrays.toString(e) + " (primal)")
              .with("actual", (a == null ? "null" : Arrays.toString(a)) + " (" + rule + ")");
      if (a != null && a.length == e.length) {
        for (int i = 0; i < e.length; i++) {
          if (Double.doubleToLongBits(e[i]) != Double.doubleToLongBits(a[i])) {
            failure.with("difference", "first at index " + i + ": " + e[i] + " vs " + a[i]
                + ulpDistance(e[i], a[i]));
            break;
          }
        }
      }
      throw failure.error();
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
    requireSameArrays(rule, afterPrimal, afterRule, "holds exactly what the primal leaves in it",
        "after the primal");
  }

  private void requireSameArrays(
      String rule, Object[] expectedArgs, Object[] afterRule, String claim, String source) {
    for (int i = 0; i < args.length; i++) {
      Object expected = expectedArgs[i];
      Object actual = afterRule[i];
      boolean isArray = expected != null && expected.getClass().isArray();
      // a record holding arrays, or a data class object: memory, compared by contents
      boolean isMemory = expected != null && !isArray
          && ValueType.isValueType(expected.getClass())
          && ValueType.of(expected.getClass()).holdsMemory();
      if ((isArray || isMemory) && !ValueType.deepEquals(expected, actual)) {
        String name = signature.name(i);
        throw failure("after " + rule + ", " + (isArray ? "array argument " : "argument ")
                + name + " " + claim)
            .with("expected", Signature.render(expected) + " (" + name + " " + source + ")")
            .with("actual", Signature.render(actual) + " (" + name + " after " + rule + ")")
            .with("difference", isArray ? firstDifference(expected, actual)
                : "first at " + ValueType.firstDifference(expected, actual, name))
            .error();
      }
    }
  }

  /**
   * Where two arrays first differ, for example {@code first at index 3: 1.0 vs 2.0}, {@code
   * first at index [1][2]: ...}, {@code first at index [1][0][2]: ...}, {@code first at row 1:
   * [1.0] vs null}, {@code first at row [1][0]: ...} or {@code first at sub-matrix 1: ...}.
   */
  private static String firstDifference(Object expected, Object actual) {
    int length = Array.getLength(expected);
    if (actual == null || Array.getLength(actual) != length) {
      return "the lengths differ";
    }
    String none = "none in the first " + length + " entries (deep contents differ)";
    if (expected instanceof double[][][] x && actual instanceof double[][][] y) {
      for (int m = 0; m < length; m++) {
        if (x[m] == null || y[m] == null || x[m].length != y[m].length) {
          if (!ValueType.deepEquals(x[m], y[m])) {
            return "first at sub-matrix " + m + ": " + Signature.render(x[m]) + " vs "
                + Signature.render(y[m]);
          }
          continue;
        }
        String difference = rowDifference(x[m], y[m], "[" + m + "]");
        if (difference != null) {
          return difference;
        }
      }
      return none;
    }
    if (expected instanceof double[][] x && actual instanceof double[][] y) {
      String difference = rowDifference(x, y, "");
      return difference != null ? difference : none;
    }
    for (int e = 0; e < length; e++) {
      Object x = Array.get(expected, e);
      Object y = Array.get(actual, e);
      if (!ValueType.deepEquals(x, y)) {
        String inside = ValueType.firstDifference(x, y, "[" + e + "]");
        return x != null && y != null && x.getClass() == y.getClass()
            && ValueType.isValueType(x.getClass()) ? "first at " + inside
            : "first at index " + e + ": " + Signature.render(x) + " vs " + Signature.render(y);
      }
    }
    return none;
  }

  /**
   * Where the rows of two matrices of the same length first differ, or null; {@code matrix} is
   * the index of the matrix in a {@code double[][][]} ({@code [1]}), or empty.
   */
  private static String rowDifference(double[][] x, double[][] y, String matrix) {
    for (int r = 0; r < x.length; r++) {
      if (Arrays.equals(x[r], y[r])) {
        continue;
      }
      if (x[r] != null && y[r] != null && x[r].length == y[r].length) {
        for (int c = 0; c < x[r].length; c++) {
          if (Double.doubleToLongBits(x[r][c]) != Double.doubleToLongBits(y[r][c])) {
            return "first at index " + matrix + "[" + r + "][" + c + "]: " + x[r][c] + " vs "
                + y[r][c];
          }
        }
      }
      return "first at row " + (matrix.isEmpty() ? String.valueOf(r) : matrix + "[" + r + "]")
          + ": " + Signature.render(x[r]) + " vs " + Signature.render(y[r]);
    }
    return null;
  }

  // --------------------------------------------------------------------- finite differences

  private FiniteDifferences.Estimate finiteDifference(
      DiffVector direction, double[] target, int resultLength) {
    double[] steps = options.floatSteps() ? FiniteDifferences.FLOAT_STEPS : FiniteDifferences.STEPS;
    double scale = Math.max(1, layout.maxAbsDifferentiable(args));
    return FiniteDifferences.closest(h -> {
      try {
        return outputsAt(layout.perturb(args, direction, h), resultLength, h);
      } catch (RuntimeException e) {
        if (!options.exceptions()) {
          throw e;
        }
        // the primal throws near the point: this step is not usable
        double[] unusable = new double[target.length];
        Arrays.fill(unusable, Double.NaN);
        return unusable;
      }
    }, steps, scale, target, fdTolerance, floatResult());
  }

  /** True if the result (output 0) is a {@code float}. */
  private boolean floatResult() {
    return signature.primal.getReturnType() == float.class;
  }

  /**
   * Forward vs finite differences with kink filtering ({@link CheckOptions#pathOf()}): only steps
   * whose perturbed points {@code x +- hd} follow {@code path} (the path at {@code x}) are used.
   * Returns the error of the best usable step, or NaN if the comparison is skipped: no usable
   * step, or the best misses the tangent but no two usable steps agree with each other (the
   * differences have not converged, so they cannot be trusted). Fails if the best usable step
   * misses the tangent while two usable steps agree within a tenth of the tolerance.
   */
  private double checkForwardAlongPath(
      DiffVector direction, double[] ydot, int resultLength, Object path) {
    double[] steps = options.floatSteps() ? FiniteDifferences.FLOAT_STEPS : FiniteDifferences.STEPS;
    double scale = Math.max(1, layout.maxAbsDifferentiable(args));
    List<FiniteDifferences.Estimate> usable = new ArrayList<>();
    for (double relative : steps) {
      double h = relative * scale;
      double[] plus = outputsOnPath(direction, h, resultLength, path);
      double[] minus = plus == null ? null : outputsOnPath(direction, -h, resultLength, path);
      if (minus != null) {
        FiniteDifferences.Estimate estimate = FiniteDifferences.estimate(plus, minus, h, ydot,
            fdTolerance, floatResult());
        if (estimate != null) {
          usable.add(estimate);
        }
      }
    }
    FiniteDifferences.Estimate best = null;
    for (FiniteDifferences.Estimate estimate : usable) {
      if (best == null || estimate.error() < best.error()) {
        best = estimate;
      }
    }
    if (best == null) {
      return Double.NaN;
    }
    if (best.error() <= fdTolerance) {
      return best.error();
    }
    for (int i = 0; i < usable.size(); i++) {
      for (int j = i + 1; j < usable.size(); j++) {
        double agreement =
            FiniteDifferences.disagreement(usable.get(i).value(), usable.get(j).value());
        if (agreement <= fdTolerance / 10) {
          FiniteDifferences.Estimate converged = usable.get(i);
          checkForward(direction, ydot, converged, resultLength, usable.get(j).step(), agreement);
        }
      }
    }
    return Double.NaN;
  }

  /** The outputs at {@code x + h d}, or null if the path there is not {@code path}. */
  private double[] outputsOnPath(DiffVector direction, double h, int resultLength, Object path) {
    Object there = options.pathOf().apply(layout.perturb(args, direction, h));
    if (!path.equals(there)) {
      return null;
    }
    try {
      return outputsAt(layout.perturb(args, direction, h), resultLength, h);
    } catch (RuntimeException e) {
      return null;
    }
  }

  private double[] outputsAt(Object[] perturbed, int resultLength, double h) {
    Object value = rules.primal(perturbed);
    String problem = layout.shapeProblem(perturbed, "");
    if (problem == null && signature.result == Signature.ResultKind.ARRAY
        && (value == null || ((double[]) value).length != resultLength)) {
      problem = "the result is " + (value == null ? "null" : "a double["
          + ((double[]) value).length + "]") + ", expected a double[" + resultLength + "]";
    }
    if (problem != null) {
      throw failure("the shape of the outputs does not change near the point")
          .with("actual", problem + " (after the primal at the point moved by " + h
              + " along a random direction)")
          .error();
    }
    return outputs(value, layout.read(perturbed));
  }

  private double checkForward(
      DiffVector direction, double[] ydot, FiniteDifferences.Estimate estimate, int resultLength) {
    return checkForward(direction, ydot, estimate, resultLength, 0, 0);
  }

  /**
   * Compares the tangent with {@code estimate}; {@code confirmingStep} (if not 0) is another step
   * whose differences agree with the estimate's to {@code agreement} (kink filtering). Returns
   * NaN (the comparison skipped) where they differ but the tangent itself changes by more than
   * the tolerance within a hundredth of the smallest step ({@link #tangentUnresolvable}).
   */
  private double checkForward(
      DiffVector direction,
      double[] ydot,
      FiniteDifferences.Estimate estimate,
      int resultLength,
      double confirmingStep,
      double agreement) {
    double error = estimate.error();
    if (!(error <= fdTolerance) && tangentUnresolvable(direction, ydot, resultLength)) {
      return Double.NaN;
    }
    if (!(error <= fdTolerance)) {
      int k = estimate.worst();
      Failure failure =
          failure((rules.isCustom() ? "" : "forward rule ") + rules.forwardName()
              + " vs central finite differences")
              .with("direction", layout.describe(direction, "Dot"));
      if (ydot.length > 1) {
        failure.with("output", outputName(k, resultLength));
      }
      failure
          .with("expected", estimate.value()[k] + " (finite difference, best step h = "
              + estimate.step() + ")")
          .with("actual", ydot[k] + " (tangent from " + rules.forwardName() + ")")
          .with("error", "|fd - tangent| / max(1, |tangent|, fd rounding noise / tolerance) = "
              + error + " > tolerance " + fdTolerance);
      if (confirmingStep != 0) {
        failure.with("converged", "the differences with step " + confirmingStep + " agree to "
            + agreement + " (the control path is the same at every point used)");
      }
      throw failure.error();
    }
    return error;
  }

  /**
   * True if the tangents at {@code x + delta d} and at {@code x - delta d}, with {@code delta} a
   * hundredth of the smallest finite-difference step, both differ from the tangent at {@code x}
   * by more than the tolerance: the slope changes below any step's resolution, so differences
   * cannot judge it. The sine of an argument of 1e18, whose period is far below one ulp of the
   * argument: the tangent (cos(a) a') is right, and differences only see the other terms (seeds
   * 3116, program 772; 3117, program 96). A wrong tangent that is smooth still fails, and so does
   * one at a kink, which one side shares (kinks are declared with {@code kinks(...)}).
   */
  private boolean tangentUnresolvable(DiffVector direction, double[] ydot, int resultLength) {
    double[] steps = options.floatSteps() ? FiniteDifferences.FLOAT_STEPS : FiniteDifferences.STEPS;
    double delta = steps[steps.length - 1] * Math.max(1, layout.maxAbsDifferentiable(args)) / 100;
    for (double h : new double[] {delta, -delta}) {
      Object[] moved = layout.perturb(args, direction, h);
      Object[] movedTangents = tangents(direction);
      double[] there;
      try {
        there = outputTangent(rules.forward(moved, movedTangents), movedTangents, resultLength);
      } catch (RuntimeException e) {
        return false; // the rule throws there: nothing to tell
      }
      boolean changed = false;
      for (int k = 0; k < ydot.length && k < there.length; k++) {
        double change = Math.abs(there[k] - ydot[k]) / Math.max(1, Math.abs(ydot[k]));
        changed |= !(change <= fdTolerance);
      }
      if (!changed) {
        return false;
      }
    }
    return true;
  }

  // ------------------------------------------------------------------------ reverse vs forward

  private static double dot(double[] a, double[] b, int from, int to) {
    double sum = 0;
    for (int i = from; i < to; i++) {
      sum += a[i - from] * b[i];
    }
    return sum;
  }

  private static double dotMagnitude(double[] a, double[] b, int from, int to) {
    double sum = 0;
    for (int i = from; i < to; i++) {
      sum += Math.abs(a[i - from] * b[i]);
    }
    return sum;
  }

  /**
   * The dot-product tests with cotangents on the result only (the final contents of array
   * arguments get zero cotangents): the adjoint from zero buffers, and the convenience method
   * where there is one ({@code gradient}; null for custom rules).
   */
  private double checkReverse(
      DiffVector direction,
      double[] ydot,
      double ybar,
      double[] resultBar,
      DiffVector bars,
      DiffVector gradient) {
    boolean scalar = signature.result == Signature.ResultKind.SCALAR;
    double lhs;
    double lhsMagnitude;
    if (scalar) {
      lhs = ybar * ydot[0];
      lhsMagnitude = 0;
    } else {
      lhs = dot(resultBar, ydot, 0, resultBar.length);
      lhsMagnitude = dotMagnitude(resultBar, ydot, 0, resultBar.length);
    }
    String tangentLabel = scalar
        ? " (ybar * tangent from " + rules.forwardName() + ")"
        : " (<resultBar, result tangent from " + rules.forwardName() + ">)";
    double rhs = bars.dot(direction);
    double lowLevelError =
        relativeError(lhs, rhs, Math.max(lhsMagnitude, bars.dotMagnitude(direction)));
    double[] weights = new double[ydot.length];
    if (scalar) {
      weights[0] = ybar;
    } else {
      System.arraycopy(resultBar, 0, weights, 0, resultBar.length);
    }
    Noise noise = new Noise(direction, ydot, weights, layout.zeros(), ybar, resultBar, bars);
    if (!(lowLevelError <= DOT_TOLERANCE) && !noise.covers(lhs, rhs)) {
      throw dotFailure(rules.adjointName() + (scalar ? " with seed ybar" : " with resultBar"),
              direction, ybar, resultBar, bars)
          .with("worst input", worstInput(bars, weights, rules.adjointName()))
          .with("expected", lhs + tangentLabel)
          .with("actual", rhs + " (<adjoint buffers, direction>)")
          .with("error", "relative " + lowLevelError + " > tolerance " + DOT_TOLERANCE
              + "; " + noise.describe(lhs, rhs))
          .error();
    }
    if (gradient == null) {
      // no convenience reverse method (custom rules): the adjoint's test is the only one
      return noise.measured() ? 0 : lowLevelError;
    }
    double viaGradient = scalar ? ybar * gradient.dot(direction) : gradient.dot(direction);
    double gradientMagnitude =
        (scalar ? Math.abs(ybar) : 1) * gradient.dotMagnitude(direction);
    double convenienceError =
        relativeError(lhs, viaGradient, Math.max(lhsMagnitude, gradientMagnitude));
    if (!(convenienceError <= DOT_TOLERANCE) && !noise.covers(lhs, viaGradient)) {
      DiffVector seeded = scalar ? layout.zeros().plusScaled(ybar, gradient) : gradient;
      throw dotFailure(rules.reverseName(), direction, ybar, resultBar, gradient)
          .with("worst input", worstInput(seeded, weights, rules.reverseName()))
          .with("expected", lhs + tangentLabel)
          .with("actual", viaGradient
              + (scalar ? " (ybar * <gradient, direction>)" : " (<gradient, direction>)"))
          .with("error", "relative " + convenienceError + " > tolerance " + DOT_TOLERANCE
              + "; " + noise.describe(lhs, viaGradient))
          .error();
    }
    // a test that passed within the measured noise is counted (Result.noisy), not ranked
    return noise.measured() ? 0 : Math.max(lowLevelError, convenienceError);
  }

  private Failure dotFailure(
      String reverse, DiffVector direction, double ybar, double[] resultBar, DiffVector bars) {
    boolean scalar = signature.result == Signature.ResultKind.SCALAR;
    Failure failure =
        failure(scalar
                ? "dot-product test: ybar * (J d) from " + rules.forwardName()
                    + " == <J^T ybar, d> from " + reverse
                : "dot-product test: <resultBar, J d> from " + rules.forwardName()
                    + " == <J^T resultBar, d> from " + reverse)
            .with("direction", layout.describe(direction, "Dot"));
    if (scalar) {
      failure.with("ybar", ybar);
    } else {
      failure.with("resultBar", Arrays.toString(resultBar));
    }
    return failure.with("gradient", layout.describe(bars, "Bar"));
  }

  /**
   * Localizes a failed dot-product test: entry by entry, the reverse rule's {@code J^T w}
   * ({@code fromReverse}, its scalars being what was added to scalarBars) against
   * {@code <w, J e>} from the forward rule along each unit direction {@code e}, where {@code w}
   * weighs the outputs of {@link #outputs}. Names the entry where they differ most: a dot-product
   * test sees one number, this sees which input (a scalar, an array entry, a record component)
   * the reverse rule got wrong, assuming the forward rule (checked against finite differences)
   * is right.
   */
  private String worstInput(DiffVector fromReverse, double[] weights, String reverse) {
    try {
      return worstInputOrFail(fromReverse, weights, reverse);
    } catch (RuntimeException | AssertionError e) {
      // a diagnostic: it must not replace the failure it explains
      return "not found (" + e.getClass().getSimpleName() + " along a unit direction)";
    }
  }

  private String worstInputOrFail(DiffVector fromReverse, double[] weights, String reverse) {
    String worst = "none (every entry of J^T w is exactly what the forward rule gives)";
    double worstMismatch = 0;
    List<int[]> entries = new ArrayList<>();
    for (int k = 0; k < fromReverse.scalars.length; k++) {
      entries.add(new int[] {-1, k});
    }
    for (int leaf = 0; leaf < fromReverse.arrays.length; leaf++) {
      for (int i = 0; i < fromReverse.arrays[leaf].length; i++) {
        entries.add(new int[] {leaf, i});
      }
    }
    for (int[] entry : entries) {
      double[] tangent = forwardOutputs(unitColumn(entry));
      double expected = 0;
      for (int i = 0; i < weights.length; i++) {
        expected += weights[i] * tangent[i];
      }
      double actual = entry[0] < 0 ? fromReverse.scalars[entry[1]]
          : fromReverse.arrays[entry[0]][entry[1]];
      double mismatch = Math.abs(actual - expected);
      if (mismatch > worstMismatch || (Double.isNaN(mismatch) && !Double.isNaN(worstMismatch))) {
        worstMismatch = mismatch;
        String bar = entry[0] < 0 ? signature.name(signature.scalarParams[entry[1]]) + "Bar"
            : layout.entryName(entry[0], entry[1], "Bar");
        String dot = entry[0] < 0 ? signature.name(signature.scalarParams[entry[1]]) + "Dot"
            : layout.entryName(entry[0], entry[1], "Dot");
        worst = bar + ": " + actual + " from " + reverse + ", expected " + expected
            + " (<w, J e> from " + rules.forwardName() + " along " + dot + " = 1)";
      }
    }
    return worst;
  }

  /**
   * {@code |a - b|} relative to the largest of {@code |a|}, {@code |b|}, {@code terms} and the
   * configured floor ({@link CheckOptions#dotFloor()}).
   */
  private double relativeError(double a, double b, double terms) {
    double scale = Math.max(Math.max(Math.abs(a), Math.abs(b)),
        Math.max(terms, Math.max(options.dotFloor(), Double.MIN_NORMAL)));
    return Math.abs(a - b) / scale;
  }

  /**
   * Calls the adjoint a second time on the buffers of the first call plus random offsets (so that
   * overwriting cannot pass unnoticed where the first call added zeros), with the seed scaled by
   * {@code ±2} (a power of two, so scaling by it is exact, with the sign of {@code ybar}, so the
   * two contributions do not cancel), and expects {@code first + 2 * gradient} in scalarBars and
   * in the buffers of the arrays the primal leaves unchanged. The buffers of arrays the primal
   * writes start from zero and are not compared: they are not simply added to (on entry they hold
   * cotangents of the final contents), and {@link #checkAllOutputs} checks them.
   */
  private void checkAccumulation(
      double ybar,
      double[] resultBar,
      DiffVector bars,
      DiffVector offsets,
      DiffVector gradient,
      Object value,
      Object[] afterPrimal,
      double[][] finalLeaves,
      DiffVector direction,
      double[][] finalTangentLeaves) {
    String gradientSource = rules.reverseName();
    if (gradient == null) {
      // no convenience reverse method (custom rules): the gradient is the adjoint's from zero
      // buffers with seed 1 (with resultBar for an array result), as the convenience method's is
      gradient = callAdjoint(layout.zeros(), seed(1, resultBar, 1), value, afterPrimal);
      gradientSource += " from zero buffers with seed " + (resultBar == null ? "1" : "resultBar");
    }
    double[][] entryLeaves = layout.read(args);
    boolean[] keep = new boolean[layout.leafCount()];
    for (int leaf = 0; leaf < keep.length; leaf++) {
      // kept: the same contents and the same tangents (contents written back to their entry
      // values, x[0] -= e; x[0] += e, still depend on e: seed 3063, program 796)
      keep[leaf] = Arrays.equals(entryLeaves[leaf], finalLeaves[leaf])
          && Arrays.equals(direction.arrays[leaf], finalTangentLeaves[leaf]);
    }
    // the buffers of written arrays start from zero (their final contents get no cotangent, as
    // in the convenience gradient); the others from the first call's plus offsets
    DiffVector first = bars.plusScaled(1, mask(offsets, keep, true));
    DiffVector entry = first.copy();
    for (int leaf = 0; leaf < keep.length; leaf++) {
      if (!keep[leaf]) {
        Arrays.fill(entry.arrays[leaf], 0.0);
      }
    }
    boolean scalar = signature.result == Signature.ResultKind.SCALAR;
    double seed = scalar && ybar < 0 ? -2 : 2;
    Object secondSeed = scalar ? (Object) seed : seed(ybar, resultBar, seed);
    DiffVector second = callAdjoint(entry, secondSeed, value, afterPrimal);
    DiffVector expected = mask(first.plusScaled(seed, gradient), keep);
    DiffVector actual = mask(second, keep);
    DiffVector firstKept = mask(first, keep);
    double scale =
        Math.max(
            firstKept.maxAbs() + Math.abs(seed) * mask(gradient, keep).maxAbs(),
            Double.MIN_NORMAL);
    double error = actual.maxAbsDifference(expected) / scale;
    if (!(error <= ACCUMULATION_TOLERANCE)) {
      String seedText = scalar ? String.valueOf(seed) : "2 * resultBar";
      throw failure(rules.adjointName() + " adds seed * gradient into its buffers"
              + " (a second call must not overwrite the first)")
          .with("first", layout.describe(firstKept, "Bar") + " (after seed "
              + (scalar ? "ybar = " + ybar : "resultBar")
              + ", plus random offsets)")
          .with("expected", layout.describe(expected, "Bar")
              + " (first + " + seed + " * gradient of " + gradientSource + ")")
          .with("actual", layout.describe(actual, "Bar")
              + " (after a second call with seed " + seedText + ")")
          .with("error", "relative " + error + " > tolerance " + ACCUMULATION_TOLERANCE)
          .error();
    }
  }

  /** {@code vector} with the leaves not kept replaced by empty arrays. */
  private static DiffVector mask(DiffVector vector, boolean[] keep) {
    return mask(vector, keep, false);
  }

  /** {@code vector} with the leaves not kept replaced by empty arrays, or zeros if {@code zero}. */
  private static DiffVector mask(DiffVector vector, boolean[] keep, boolean zero) {
    double[][] arrays = new double[vector.arrays.length][];
    for (int leaf = 0; leaf < arrays.length; leaf++) {
      arrays[leaf] =
          keep[leaf]
              ? vector.arrays[leaf]
              : new double[zero ? vector.arrays[leaf].length : 0];
    }
    return new DiffVector(vector.scalars, arrays);
  }

  /**
   * The generalized dot-product test, with random cotangents on every output: {@code ybar} (or
   * {@code resultBar}) on the result and {@code xbarOut} on the final contents of every array.
   * The adjoint starts from buffers holding {@code xbarOut} (and random scalarBars {@code s0}) and
   * must end with the cotangents of the entry contents; then
   * {@code <ybar, ydot> + <xbarOut, xdotOut> == <xBar, xdot> + <scalarBars - s0, sdot>}.
   */
  private double checkAllOutputs(
      DiffVector direction,
      double[] ydot,
      double ybar,
      double[] resultBar,
      double[][] xbarOut,
      double[] scalarBarsOnEntry,
      Object value,
      Object[] afterPrimal,
      int resultLength) {
    double[][] entryBars = new double[xbarOut.length][];
    for (int leaf = 0; leaf < entryBars.length; leaf++) {
      entryBars[leaf] = xbarOut[leaf].clone();
    }
    DiffVector after =
        callAdjoint(new DiffVector(scalarBarsOnEntry.clone(), entryBars),
            seed(ybar, resultBar, 1), value, afterPrimal);

    double lhs = 0;
    double magnitude = 0;
    switch (signature.result) {
      case SCALAR:
        lhs = ybar * ydot[0];
        magnitude = Math.abs(lhs);
        break;
      case ARRAY:
        lhs = dot(resultBar, ydot, 0, resultLength);
        magnitude = dotMagnitude(resultBar, ydot, 0, resultLength);
        break;
      default:
        break;
    }
    int offset = resultLength;
    for (double[] leaf : xbarOut) {
      lhs += dot(leaf, ydot, offset, offset + leaf.length);
      magnitude += dotMagnitude(leaf, ydot, offset, offset + leaf.length);
      offset += leaf.length;
    }
    double rhs = 0;
    for (int leaf = 0; leaf < after.arrays.length; leaf++) {
      double[] bar = after.arrays[leaf];
      rhs += dot(bar, direction.arrays[leaf], 0, bar.length);
      magnitude += dotMagnitude(bar, direction.arrays[leaf], 0, bar.length);
    }
    double[] added = new double[scalarBarsOnEntry.length];
    for (int k = 0; k < added.length; k++) {
      added[k] = after.scalars[k] - scalarBarsOnEntry[k];
      rhs += added[k] * direction.scalars[k];
      magnitude += Math.abs(added[k] * direction.scalars[k])
          + Math.abs(scalarBarsOnEntry[k] * direction.scalars[k]);
    }
    double error = relativeError(lhs, rhs, magnitude);
    double[] weights = new double[ydot.length];
    if (signature.result == Signature.ResultKind.SCALAR) {
      weights[0] = ybar;
    } else if (signature.result == Signature.ResultKind.ARRAY) {
      System.arraycopy(resultBar, 0, weights, 0, resultLength);
    }
    int at = resultLength;
    for (double[] leaf : xbarOut) {
      System.arraycopy(leaf, 0, weights, at, leaf.length);
      at += leaf.length;
    }
    Noise noise = new Noise(direction, ydot, weights,
        new DiffVector(scalarBarsOnEntry, xbarOut), ybar, resultBar, after);
    if (!(error <= DOT_TOLERANCE) && !noise.covers(lhs, rhs)) {
      Failure failure =
          failure("dot-product test with cotangents on every output: <ybar, J d> from "
                  + rules.forwardName() + " == <J^T ybar, d> from " + rules.adjointName()
                  + " (outputs: the result and the final contents of every array argument)")
              .with("direction", layout.describe(direction, "Dot"));
      if (signature.result == Signature.ResultKind.SCALAR) {
        failure.with("ybar", ybar);
      } else if (signature.result == Signature.ResultKind.ARRAY) {
        failure.with("resultBar", Arrays.toString(resultBar));
      }
      throw failure
          .with("xbarOut", layout.describeLeaves(xbarOut, "Bar")
              + " (cotangents of the final contents, in the buffers on entry)")
          .with("scalarBars", Arrays.toString(scalarBarsOnEntry) + " on entry, "
              + Arrays.toString(after.scalars) + " after")
          .with("bars after", layout.describeLeaves(after.arrays, "Bar"))
          .with("worst input", worstInput(new DiffVector(added, after.arrays), weights,
              rules.adjointName()))
          .with("expected", lhs + " (<ybar, result tangent> + <xbarOut, final tangents> from "
              + rules.forwardName() + ")")
          .with("actual", rhs + " (<buffers after " + rules.adjointName()
              + ", direction> + <scalarBars added, scalar directions>)")
          .with("error", "relative " + error + " > tolerance " + DOT_TOLERANCE + "; "
              + noise.describe(lhs, rhs))
          .with("hint", "on entry xBar holds the cotangent of x's final contents; on return it"
              + " must hold the cotangent of x's contents on entry (README, \"Mutated"
              + " arguments\")")
          .error();
    }
    // a test that passed within the measured noise is counted (Result.noisy), not ranked
    return noise.measured() ? 0 : error;
  }

  // ----------------------------------------------------------------------------- rounding noise

  /**
   * The rounding noise of one dot-product test {@code <w, J d> == <J^T (seed, entry), d>},
   * measured lazily from linearity. Both rules are linear in the direction and in the seeds, so
   * for a split {@code d = d1 + d2} with {@code d1 = r d}, r in [0.5, 1] (so that {@code d - d1}
   * is exact), the tangents for {@code d1} and {@code d2} must add up to the tangent for {@code d}
   * up to rounding; likewise the adjoint for split seeds and entry buffers. The residuals, weighted
   * like the terms of the test, measure the rounding error of both sides at this point. It is
   * large where a derivative that is tiny (often mathematically zero) is computed from large
   * partial derivatives that cancel; a relative tolerance cannot tell that from a wrong rule, a
   * measured noise can: a wrong rule is wrong by far more than its own rounding.
   */
  private final class Noise {
    private final DiffVector direction;
    private final double[] ydot;
    private final double[] weights;
    private final DiffVector entry;
    private final double ybar;
    private final double[] resultBar;
    private final DiffVector after;
    private double noise = Double.NaN;

    /**
     * @param ydot the forward rule's output tangent for {@code direction} (see {@link #outputs})
     * @param weights the cotangent of each output in the test's left-hand side
     * @param entry the adjoint buffers on entry; {@code after} the buffers after the adjoint
     */
    Noise(DiffVector direction, double[] ydot, double[] weights, DiffVector entry, double ybar,
        double[] resultBar, DiffVector after) {
      this.direction = direction;
      this.ydot = ydot;
      this.weights = weights;
      this.entry = entry;
      this.ybar = ybar;
      this.resultBar = resultBar;
      this.after = after;
    }

    boolean measured() {
      return !Double.isNaN(noise);
    }

    /** True (and the point is counted as noisy) if {@code |lhs - rhs|} is within the noise. */
    boolean covers(double lhs, double rhs) {
      if (Math.abs(lhs - rhs) <= NOISE_FACTOR * get()) {
        noisy = true;
        return true;
      }
      return false;
    }

    String describe(double lhs, double rhs) {
      return "mismatch " + Math.abs(lhs - rhs) + " > " + NOISE_FACTOR
          + " x the rounding noise measured at this point (" + get() + ")";
    }

    private double get() {
      if (Double.isNaN(noise)) {
        noise = forwardComponentResidual() + reverseComponentResidual();
        for (double r : NOISE_SPLITS) {
          noise = Math.max(noise, forwardResidual(r) + reverseResidual(r));
        }
      }
      return noise;
    }

    /**
     * As {@link #forwardResidual}, splitting the direction into its scalar and its array parts:
     * a scaled split keeps the proportions of terms that absorb one another, this one does not.
     */
    private double forwardComponentResidual() {
      DiffVector scalars = layout.zeros();
      System.arraycopy(direction.scalars, 0, scalars.scalars, 0, scalars.scalars.length);
      DiffVector arrays = direction.plusScaled(-1, scalars);
      double[] y1 = forwardOutputs(scalars);
      double[] y2 = forwardOutputs(arrays);
      double residual = 0;
      for (int i = 0; i < weights.length; i++) {
        residual += Math.abs(weights[i] * (ydot[i] - y1[i] - y2[i]));
      }
      return residual;
    }

    /**
     * As {@link #reverseResidual}, splitting into the scalar entry buffers alone, the array entry
     * buffers alone and the seeds alone: an adjoint whose large partial derivatives cancel can
     * absorb what was added into a buffer before them (seed 502, program 289:
     * {@code aBar + 1e16 - 1e16}), in every scaled split alike.
     */
    private double reverseComponentResidual() {
      DiffVector scalars = layout.zeros();
      System.arraycopy(entry.scalars, 0, scalars.scalars, 0, scalars.scalars.length);
      DiffVector arrays = entry.plusScaled(-1, scalars);
      Object noSeed = seed(ybar, resultBar, 0);
      DiffVector a1 = callAdjoint(scalars, noSeed, value, afterPrimal);
      DiffVector a2 = callAdjoint(arrays, noSeed, value, afterPrimal);
      DiffVector a3 = callAdjoint(layout.zeros(), seed(ybar, resultBar, 1), value, afterPrimal);
      return after.plusScaled(-1, a1).plusScaled(-1, a2).plusScaled(-1, a3)
          .dotMagnitude(direction);
    }

    private double forwardResidual(double r) {
      DiffVector d1 = layout.zeros().plusScaled(r, direction);
      DiffVector d2 = direction.plusScaled(-1, d1);
      double[] y1 = forwardOutputs(d1);
      double[] y2 = forwardOutputs(d2);
      double residual = 0;
      for (int i = 0; i < weights.length; i++) {
        residual += Math.abs(weights[i] * (ydot[i] - y1[i] - y2[i]));
      }
      return residual;
    }

    private double reverseResidual(double r) {
      DiffVector e1 = layout.zeros().plusScaled(r, entry);
      DiffVector e2 = entry.plusScaled(-1, e1);
      double ybar1 = r * ybar;
      double[] resultBar1 = null;
      double[] resultBar2 = null;
      if (resultBar != null) {
        resultBar1 = new double[resultBar.length];
        resultBar2 = new double[resultBar.length];
        for (int i = 0; i < resultBar.length; i++) {
          resultBar1[i] = r * resultBar[i];
          resultBar2[i] = resultBar[i] - resultBar1[i];
        }
      }
      DiffVector a1 = callAdjoint(e1, seed(ybar1, resultBar1, 1), value, afterPrimal);
      DiffVector a2 = callAdjoint(e2, seed(ybar - ybar1, resultBar2, 1), value, afterPrimal);
      return after.plusScaled(-1, a1).plusScaled(-1, a2).dotMagnitude(direction);
    }
  }

  /** The forward rule's output tangent (result, then final leaves) along {@code direction}. */
  private double[] forwardOutputs(DiffVector direction) {
    Object[] callArgs = Signature.copy(args);
    Object[] tangents = tangents(direction);
    RuleMethods.Tangent forward =
        guarded(rules.forwardName(), () -> rules.forward(callArgs, tangents));
    return outputTangent(forward, tangents, resultLength);
  }

  // ----------------------------------------------------------------------------------- Jacobian

  /** Compares {@code ...Jacobian} with forward-mode columns computed here. */
  private double checkJacobian(Object[] afterPrimal, int resultLength) {
    List<int[]> columns = layout.columns();
    double[][] expected = new double[resultLength][columns.size()];
    for (int c = 0; c < columns.size(); c++) {
      DiffVector unit = unitColumn(columns.get(c));
      Object[] tangents = tangents(unit);
      RuleMethods.Tangent forward =
          guarded(rules.forwardName(), () -> rules.forward(Signature.copy(args), tangents));
      double[] t = outputTangent(forward, tangents, resultLength);
      for (int r = 0; r < resultLength; r++) {
        expected[r][c] = t[r];
      }
    }
    Object[] callArgs = Signature.copy(args);
    double[][] actual = guarded(rules.jacobianName(), () -> rules.jacobian(callArgs));
    requireSameArrays(rules.jacobianName(), afterPrimal, callArgs);
    String shape = "a double[" + resultLength + "][" + columns.size() + "]";
    boolean shapeOk = actual != null && actual.length == resultLength;
    for (int r = 0; shapeOk && r < resultLength; r++) {
      shapeOk = actual[r] != null && actual[r].length == columns.size();
    }
    if (!shapeOk) {
      throw failure(rules.jacobianName() + " returns one row per output and one column per"
              + " differentiable input")
          .with("expected", shape)
          .with("actual", actual == null ? "null" : Signature.render(actual))
          .error();
    }
    double max = 0;
    for (double[] row : expected) {
      for (double entry : row) {
        max = Math.max(max, Math.abs(entry));
      }
    }
    double scale = Math.max(max, Double.MIN_NORMAL);
    double worstError = 0;
    for (int r = 0; r < resultLength; r++) {
      for (int c = 0; c < columns.size(); c++) {
        double mismatch = Math.abs(actual[r][c] - expected[r][c]);
        double error = mismatch / scale;
        if (error <= JACOBIAN_TOLERANCE) {
          worstError = Math.max(worstError, error);
          continue;
        }
        // entry [r][c] is a dot-product test: <e_r, J e_c> (forward), <J^T e_r, e_c> (reverse)
        double noise = entryNoise(r, columns.get(c), c);
        if (mismatch <= NOISE_FACTOR * noise) {
          noisy = true; // counted (Result.noisy), not ranked
          continue;
        }
        throw failure(rules.jacobianName() + " vs forward-mode columns from "
                + rules.forwardName())
            .with("entry", "[" + r + "][" + c + "] (output " + r + ", input column " + c + ": "
                + columnName(columns.get(c)) + ")")
            .with("expected", expected[r][c] + " (forward mode)")
            .with("actual", actual[r][c] + " (" + rules.jacobianName() + ")")
            .with("error", "|difference| / max |entry| = " + error + " > tolerance "
                + JACOBIAN_TOLERANCE + "; mismatch " + mismatch + " > " + NOISE_FACTOR
                + " x the rounding noise measured at this entry (" + noise + ")")
            .error();
      }
    }
    return worstError;
  }

  private DiffVector unitColumn(int[] column) {
    DiffVector unit = layout.zeros();
    if (column[0] < 0) {
      unit.scalars[column[1]] = 1;
    } else {
      unit.arrays[column[0]][column[1]] = 1;
    }
    return unit;
  }

  /**
   * The rounding noise of Jacobian entry [row][c], measured from linearity like {@link Noise}, but
   * splitting the unit column and the unit seed along random vectors: split along itself only, a
   * unit vector hides the rounding of sums that mix several inputs.
   */
  private double entryNoise(int row, int[] column, int c) {
    Random random = new Random(31L * row + c);
    DiffVector unit = unitColumn(column);
    double forward = forwardOutputs(unit)[row];
    double[] unitSeed = new double[resultLength];
    unitSeed[row] = 1;
    DiffVector reverse = callAdjoint(layout.zeros(), seed(0, unitSeed, 1), value, afterPrimal);
    double noise = 0;
    for (int k = 0; k < NOISE_SPLITS.length; k++) {
      DiffVector part = layout.zeros();
      for (double[] leaf : part.arrays) {
        fillRandom(leaf, random);
      }
      fillRandom(part.scalars, random);
      DiffVector rest = unit.plusScaled(-1, part);
      double forwardResidual =
          Math.abs(forward - forwardOutputs(part)[row] - forwardOutputs(rest)[row]);
      double[] seedPart = new double[resultLength];
      fillRandom(seedPart, random);
      double[] seedRest = unitSeed.clone();
      for (int i = 0; i < seedRest.length; i++) {
        seedRest[i] -= seedPart[i];
      }
      DiffVector reversePart =
          callAdjoint(layout.zeros(), seed(0, seedPart, 1), value, afterPrimal);
      DiffVector reverseRest =
          callAdjoint(layout.zeros(), seed(0, seedRest, 1), value, afterPrimal);
      double reverseResidual = reverse.plusScaled(-1, reversePart).plusScaled(-1, reverseRest)
          .dotMagnitude(unit);
      noise = Math.max(noise, forwardResidual + reverseResidual);
    }
    return noise;
  }

  private static void fillRandom(double[] values, Random random) {
    for (int i = 0; i < values.length; i++) {
      values[i] = random.nextDouble() * 2 - 1;
    }
  }

  private String columnName(int[] column) {
    if (column[0] < 0) {
      return signature.name(signature.scalarParams[column[1]]);
    }
    return layout.entryName(column[0], column[1], "");
  }

  // ----------------------------------------------------------------------------------- aliasing

  /**
   * Calls every rule once; if all of them throw {@link IllegalArgumentException} without
   * touching the arguments, returns true; if none does, returns false; otherwise fails.
   */
  private boolean allRulesReject(Object value) {
    int resultLength = resultLength(value);
    List<String> rejecting = new ArrayList<>();
    List<String> accepting = new ArrayList<>();
    probe(rules.forwardName(), callArgs -> rules.forward(callArgs, tangents(layout.zeros())),
        rejecting, accepting);
    double[] resultBar = new double[resultLength];
    if (rules.hasReverse()) {
      probe(rules.reverseName(), callArgs -> rules.reverse(callArgs, resultBar.clone()),
          rejecting, accepting);
    }
    probe(rules.adjointName(),
        callArgs -> {
          DiffVector bars = layout.zeros();
          return rules.adjoint(callArgs, layout.build(bars.arrays), seed(0, resultBar, 1),
              bars.scalars);
        },
        rejecting, accepting);
    if (rules.hasJacobian()) {
      probe(rules.jacobianName(), callArgs -> rules.jacobian(callArgs), rejecting, accepting);
    }
    if (rejecting.isEmpty()) {
      return false;
    }
    if (accepting.isEmpty()) {
      return true;
    }
    throw failure("the rules agree on whether to reject the (aliased) arguments")
        .with("rejecting", String.join(", ", rejecting) + " (IllegalArgumentException)")
        .with("accepting", String.join(", ", accepting))
        .error();
  }

  private interface Call {
    Object apply(Object[] callArgs);
  }

  private void probe(String rule, Call call, List<String> rejecting, List<String> accepting) {
    Object[] callArgs = Signature.copy(args);
    TapeSizes before = options.tapes() ? TapeSizes.now() : null;
    try {
      call.apply(callArgs);
    } catch (IllegalArgumentException e) {
      if (before != null) {
        requireTapes(rule, before, e);
      }
      requireSameArrays(rule, args, callArgs,
          "is untouched when the rule rejects its arguments (" + e.getMessage() + ")",
          "as passed");
      rejecting.add(rule);
      return;
    } catch (RuntimeException e) {
      if (!options.exceptions()) {
        throw e;
      }
      if (before != null) {
        TapeSizes.restore(before);
      }
      throw failure(rule + " accepts the (aliased) arguments or rejects them with"
              + " IllegalArgumentException")
          .with("actual", rule + " threw " + describe(e))
          .error();
    }
    if (before != null) {
      requireTapes(rule, before, null);
    }
    accepting.add(rule);
  }
}
