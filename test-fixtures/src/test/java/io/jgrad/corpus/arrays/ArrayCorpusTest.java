package io.jgrad.corpus.arrays;

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
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs {@link GradCheck} on every {@code @Grad} method of the array corpus (forward vs finite
 * differences of the result and of the final contents of every array argument, the dot-product
 * tests with cotangents on all outputs, values and arguments bit for bit, Jacobians of array
 * results), then the aliasing cases (the same array passed for two parameters), and fails if a
 * corpus method has no entry.
 *
 * <p>Programs with value-dependent control flow (the bubble sort's comparisons, running maxima,
 * a break on a written value, sqrt near 0) get points from {@code args(...)} generators that keep
 * every switching quantity at least {@link #GAP} from its threshold. Cholesky-based programs get
 * symmetric positive definite matrices {@code B B^T + n I}.
 */
class ArrayCorpusTest {
  /** Every class of the array corpus; each of their static methods must have an entry below. */
  static final List<Class<?>> CORPUS =
      List.of(
          Writes.class,
          LocalArrays.class,
          Matrices.class,
          Results.class,
          Algorithms.class,
          Library.class,
          Composition.class,
          Aliasing.class);

  static final int POINTS = 6;
  static final long SEED = 20_240_612L;

  /** Minimum distance of a switching quantity from its threshold (ties, kinks). */
  static final double GAP = 0.01;

  /** One corpus method and how to choose its points. */
  record Entry(Class<?> owner, String method, UnaryOperator<GradCheck> config) {
    String name() {
      return owner.getSimpleName() + "." + method;
    }

    GradCheck.Report check() {
      return config.apply(GradCheck.of(owner, method).points(POINTS).seed(SEED)).check();
    }
  }

  /** One aliasing case: a configured check that passes the same array for two parameters. */
  record AliasCase(
      String name, Class<?> owner, String method, Function<GradCheck, GradCheck.Report> run) {
    GradCheck.Report check() {
      return run.apply(GradCheck.of(owner, method).points(POINTS).seed(SEED));
    }
  }

  static List<Entry> entries() {
    List<Entry> e = new ArrayList<>();

    // ---- Writes: element and compound writes into parameters
    add(e, Writes.class, "expInPlace", c -> c.range(-1.0, 1.0).arrayLength(5));
    add(e, Writes.class, "scaleInPlace", c -> c.range(-1.5, 1.5));
    add(e, Writes.class, "incrementElements", c -> c.range(-1.0, 1.0).arrayLength(5));
    add(e, Writes.class, "overwriteWithNeighbour", c -> c.range(-1.5, 1.5));
    add(e, Writes.class, "inPlaceRecurrence", c -> c.range(-1.0, 1.0));
    add(e, Writes.class, "reverseInPlace", c -> c.range(-2.0, 2.0).arrayLength(7));
    // sqrt is steep near 0: |x[i]| >= 0.2, never at the branch point 0
    add(e, Writes.class, "conditionalWrites",
        c -> c.args(r -> args(signedArray(r, 6, 0.2, 2.0))));
    // breaks where cos(x[i]) < 0.3, i.e. |x[i]| > acos(0.3)
    double acos03 = Math.acos(0.3);
    add(e, Writes.class, "breakOnWrittenValue",
        c -> c.args(r -> args(arrayAway(r, 6, -2.5, 2.5, 0.05, -acos03, acos03))));
    add(e, Writes.class, "writeSecondArray", c -> c.range(-1.0, 1.0));
    add(e, Writes.class, "updateMatrixRows", c -> c.range(-1.0, 1.0).arrayLength(4));

    // ---- LocalArrays
    add(e, LocalArrays.class, "squaresInLocal", c -> c.range(-1.5, 1.5));
    add(e, LocalArrays.class, "initializer", c -> c.range(-2.0, 2.0));
    add(e, LocalArrays.class, "localMatrix", c -> c.range(-1.0, 1.0).arrayLength(4));
    add(e, LocalArrays.class, "jaggedTriangle", c -> c.range(-1.0, 1.0).arrayLength(5));
    add(e, LocalArrays.class, "rowThroughLocal", c -> c.range(-2.0, 2.0));
    add(e, LocalArrays.class, "reusedBuffer", c -> c.range(-1.0, 1.0));
    add(e, LocalArrays.class, "enhancedForOverLocals", c -> c.range(-1.5, 1.5));
    add(e, LocalArrays.class, "localAliasOfParameter", c -> c.range(-1.0, 1.0).arrayLength(4));
    add(e, LocalArrays.class, "pingPongBuffers", c -> c.range(-1.0, 1.0).intRange(0, 5));
    add(e, LocalArrays.class, "interleaved", c -> c.range(-1.0, 1.0));

    // ---- Matrices
    add(e, Matrices.class, "frobenius", c -> c.range(-1.0, 1.0).arrayLength(4));
    add(e, Matrices.class, "traceOfProduct", c -> c.range(-1.0, 1.0).arrayLength(4));
    add(e, Matrices.class, "bilinearForm", c -> c.range(-1.0, 1.0).arrayLength(4));
    add(e, Matrices.class, "matrixPower", c -> c.range(-0.8, 0.8).arrayLength(3));
    add(e, Matrices.class, "transposeInPlace", c -> c.range(-1.0, 1.0).arrayLength(4));
    add(e, Matrices.class, "scaleRowsInPlace", c -> c.range(-1.5, 1.5).arrayLength(4));
    add(e, Matrices.class, "swapRows", c -> c.range(-1.0, 1.0).arrayLength(4).intRange(0, 3));
    add(e, Matrices.class, "freshRow", c -> c.range(-1.0, 1.0).arrayLength(4));
    add(e, Matrices.class, "copyRow", c -> c.range(-1.0, 1.0).arrayLength(3));
    add(e, Matrices.class, "freshRowWrittenAfter", c -> c.range(-1.0, 1.0).arrayLength(3));
    add(e, Matrices.class, "gramSchmidtRows", c -> c.args(r -> args(nearIdentity(r, 4, 0.3))));

    // ---- Results: double[] results (with Jacobians) and void outputs
    add(e, Results.class, "softmax", c -> c.range(-3.0, 3.0));
    add(e, Results.class, "step", c -> c.range(-1.0, 1.0));
    add(e, Results.class, "scaled", c -> c.range(-2.0, 2.0));
    add(e, Results.class, "matVec",
        c -> c.args(r -> args(matrix(r, 3, 4, -1.0, 1.0), array(r, 4, -1.0, 1.0))));
    add(e, Results.class, "normalize", c -> c.args(r -> args(signedArray(r, 5, 0.3, 1.5))));
    add(e, Results.class, "concatenate",
        c -> c.args(r -> args(array(r, 3, -1.5, 1.5), array(r, 4, -1.5, 1.5))));
    add(e, Results.class, "polyValues",
        c -> c.args(r -> args(array(r, 4, -1.0, 1.0), array(r, 5, -1.2, 1.2))));
    add(e, Results.class, "rowOfLocalMatrix", c -> c.range(-1.0, 1.0));
    add(e, Results.class, "mutateAndReturn", c -> c.range(-1.0, 1.0));
    add(e, Results.class, "matVecInto",
        c -> c.args(r -> args(matrix(r, 3, 4, -1.0, 1.0), array(r, 4, -1.0, 1.0),
            array(r, 3, -1.0, 1.0))));
    add(e, Results.class, "outerProductInto",
        c -> c.args(r -> args(matrix(r, 3, 4, -1.0, 1.0), array(r, 3, -1.0, 1.0),
            array(r, 4, -1.0, 1.0))));
    add(e, Results.class, "siluInPlace", c -> c.range(-2.0, 2.0));

    // ---- Algorithms
    add(e, Algorithms.class, "matmulLoss",
        c -> c.args(r -> args(matrix(r, 3, 4, -1.0, 1.0), matrix(r, 4, 2, -1.0, 1.0),
            matrix(r, 3, 2, -1.0, 1.0))));
    add(e, Algorithms.class, "choleskyLogDet", c -> c.args(r -> args(spd(r, 4))));
    add(e, Algorithms.class, "choleskyInPlace", c -> c.args(r -> args(spd(r, 4))));
    add(e, Algorithms.class, "choleskySolve",
        c -> c.args(r -> args(spd(r, 4), array(r, 4, -1.0, 1.0))));
    add(e, Algorithms.class, "forwardSubstitutionInPlace",
        c -> c.args(r -> args(lowerTriangular(r, 5), array(r, 5, -1.0, 1.0))));
    add(e, Algorithms.class, "gpLogMarginal",
        c -> c.args(r -> args(array(r, 5, -2.0, 2.0), array(r, 5, -1.0, 1.0), u(r, -0.5, 0.5))));
    add(e, Algorithms.class, "prefixSums", c -> c.range(-1.0, 1.0));
    add(e, Algorithms.class, "prefixProductsInPlace", c -> c.range(-1.0, 1.0));
    add(e, Algorithms.class, "bubbleSort",
        c -> c.args(r -> args(distinct(r, 7, -2.0, 2.0, GAP))));
    add(e, Algorithms.class, "stencilTimeStepping",
        c -> c.args(r -> args(array(r, 8, -1.0, 1.0), u(r, 0.1, 0.5), r.nextInt(0, 9))));
    add(e, Algorithms.class, "runningMax",
        c -> c.args(r -> args(distinct(r, 6, -2.0, 2.0, GAP))));
    add(e, Algorithms.class, "mlpForward", c -> c.range(-1.0, 1.0).arrayLength(3));
    add(e, Algorithms.class, "mlpLoss",
        c -> c.args(r -> args(matrix(r, 4, 3, -1.0, 1.0), matrix(r, 2, 4, -1.0, 1.0),
            matrix(r, 5, 3, -1.0, 1.0), matrix(r, 5, 2, -1.0, 1.0))));
    add(e, Algorithms.class, "powerIteration",
        c -> c.args(r -> args(spd(r, 4), r.nextInt(1, 7))));
    add(e, Algorithms.class, "kronSum", c -> c.range(-1.0, 1.0).arrayLength(4));
    add(e, Algorithms.class, "kronViewSum", c -> c.range(-1.0, 1.0).arrayLength(4));
    add(e, Algorithms.class, "mapSinCosExp", c -> c.range(-2.0, 2.0));
    add(e, Algorithms.class, "logDensity", c -> c.range(-2.0, 2.0).arrayLength(8));

    // ---- Library: clone, System.arraycopy, Arrays.fill/copyOf/copyOfRange, enhanced for
    add(e, Library.class, "cloneThenWrite", c -> c.range(-1.0, 1.0));
    add(e, Library.class, "shallowMatrixClone", c -> c.range(-1.0, 1.0).arrayLength(3));
    add(e, Library.class, "arraycopyShiftRight", c -> c.range(-1.5, 1.5));
    add(e, Library.class, "arraycopyShiftLeft", c -> c.range(-1.5, 1.5));
    add(e, Library.class, "arraycopyBetweenArrays", c -> c.range(-1.0, 1.0));
    add(e, Library.class, "fillAndAccumulate", c -> c.range(-1.0, 1.0));
    add(e, Library.class, "copyOfGrowAndTruncate", c -> c.range(-1.0, 1.0));
    add(e, Library.class, "copyOfRangeWindows", c -> c.range(-1.0, 1.0));
    add(e, Library.class, "enhancedForParameters", c -> c.range(-1.0, 1.0).arrayLength(4));
    add(e, Library.class, "writeWhileIterating", c -> c.range(-1.0, 1.0));
    add(e, Library.class, "copyAndFillRows", c -> c.range(-1.0, 1.0).arrayLength(3));

    // ---- Composition: arrays and rows passed to other @Grad methods
    add(e, Composition.class, "sumSquares", c -> c.range(-1.0, 1.0));
    add(e, Composition.class, "scaleInPlace", c -> c.range(-2.0, 2.0));
    add(e, Composition.class, "returnsCalleeResult", c -> c.range(-1.0, 1.0));
    add(e, Composition.class, "squaredTwice", c -> c.range(-1.0, 1.0));
    add(e, Composition.class, "normalizeRows",
        c -> c.args(r -> args(signedMatrix(r, 4, 4, 0.3, 1.0))));
    add(e, Composition.class, "writerCalledTwice", c -> c.range(-1.0, 1.0).arrayLength(4));
    add(e, Composition.class, "localPassedToWriter", c -> c.range(-1.0, 1.0));
    add(e, Composition.class, "softmaxExpectation", c -> c.range(-2.0, 2.0));
    add(e, Composition.class, "integrateWithStep",
        c -> c.args(r -> args(array(r, 6, -1.0, 1.0), u(r, -0.3, 0.3))));
    add(e, Composition.class, "recursiveWrites", c -> c.range(-1.0, 1.0).intRange(0, 5));
    add(e, Composition.class, "denseTanh", c -> c.range(-1.0, 1.0).arrayLength(3));
    add(e, Composition.class, "twoLayerLoss", c -> c.range(-1.0, 1.0).arrayLength(3));
    add(e, Composition.class, "matVecThenRow", c -> c.range(-1.0, 1.0).arrayLength(4));
    add(e, Composition.class, "discardedArrayResult", c -> c.range(-1.0, 1.0));
    add(e, Composition.class, "doubledCopy", c -> c.range(-1.0, 1.0));
    add(e, Composition.class, "discardedReadOnlyResult", c -> c.range(-1.0, 1.0));
    add(e, Composition.class, "callsRowSwapper", c -> c.range(-1.0, 1.0).arrayLength(3));

    // ---- Aliasing: checked here with distinct arrays; aliasCases() passes one array twice
    add(e, Aliasing.class, "dot", c -> c.range(-1.0, 1.0));
    add(e, Aliasing.class, "dotSelf", c -> c.range(-1.0, 1.0));
    add(e, Aliasing.class, "bilinear", c -> c.range(-1.0, 1.0).arrayLength(4));
    add(e, Aliasing.class, "rowAndVector", c -> c.range(-1.0, 1.0).arrayLength(4));
    add(e, Aliasing.class, "axpy", c -> c.range(-1.0, 1.0));
    add(e, Aliasing.class, "accumulateSquares", c -> c.range(-1.0, 1.0));
    add(e, Aliasing.class, "copyScaled", c -> c.range(-1.0, 1.0));
    add(e, Aliasing.class, "matmulInto", c -> c.range(-1.0, 1.0).arrayLength(3));
    add(e, Aliasing.class, "squareInto", c -> c.range(-1.0, 1.0));
    add(e, Aliasing.class, "writeRowsReadVector", c -> c.range(-1.0, 1.0).arrayLength(4));
    add(e, Aliasing.class, "scaledCopy", c -> c.range(-1.0, 1.0));
    add(e, Aliasing.class, "writesThroughReassigned", c -> c.range(-1.0, 1.0));

    return e;
  }

  /**
   * The same array passed for two parameters. Methods that only read the aliased arrays must be
   * correct ({@code check()}); for methods that write one of them the rules must throw
   * IllegalArgumentException at entry or be correct ({@code checkAliasing}).
   */
  static List<AliasCase> aliasCases() {
    List<AliasCase> a = new ArrayList<>();

    // read-only aliasing: must be correct
    alias(a, "dot(x, x)", Aliasing.class, "dot", c -> c.range(-1.0, 1.0).alias(0, 1).check());
    alias(a, "bilinear(a, x, x)", Aliasing.class, "bilinear",
        c -> c.range(-1.0, 1.0).arrayLength(4).alias(1, 2).check());
    alias(a, "matmulInto(a, a, c)", Aliasing.class, "matmulInto",
        c -> c.range(-1.0, 1.0).arrayLength(3).alias(0, 1).check());
    alias(a, "traceOfProduct(a, a)", Matrices.class, "traceOfProduct",
        c -> c.range(-1.0, 1.0).arrayLength(4).alias(0, 1).check());
    alias(a, "outerProductInto(acc, u, u)", Results.class, "outerProductInto",
        c -> c.range(-1.0, 1.0).arrayLength(4).alias(1, 2).check());
    alias(a, "rowAndVector(w, w[0])", Aliasing.class, "rowAndVector",
        c -> c.args(r -> {
              double[][] w = matrix(r, 4, 4, -1.0, 1.0);
              return args(w, w[0]);
            })
            .check());
    alias(a, "scaledCopy(x, x)", Aliasing.class, "scaledCopy",
        c -> c.range(-1.0, 1.0).alias(0, 1).check());

    // writes to an aliased array: rejected with IllegalArgumentException, or correct
    alias(a, "axpy(a, x, x)", Aliasing.class, "axpy",
        c -> c.range(-1.0, 1.0).checkAliasing(1, 2));
    alias(a, "accumulateSquares(x, x)", Aliasing.class, "accumulateSquares",
        c -> c.range(-1.0, 1.0).checkAliasing(0, 1));
    alias(a, "copyScaled(x, x, a)", Aliasing.class, "copyScaled",
        c -> c.range(-1.0, 1.0).checkAliasing(0, 1));
    alias(a, "matmulInto(a, b, a)", Aliasing.class, "matmulInto",
        c -> c.range(-1.0, 1.0).arrayLength(3).checkAliasing(0, 2));
    alias(a, "squareInto(x, x)", Aliasing.class, "squareInto",
        c -> c.range(-1.0, 1.0).checkAliasing(0, 1));
    alias(a, "writeRowsReadVector(w, w[1])", Aliasing.class, "writeRowsReadVector",
        c -> c.args(r -> {
              double[][] w = matrix(r, 4, 4, -1.0, 1.0);
              return args(w, w[1]);
            })
            .checkAliasing());
    alias(a, "writesThroughReassigned(x, x)", Aliasing.class, "writesThroughReassigned",
        c -> c.range(-1.0, 1.0).checkAliasing(0, 1));
    alias(a, "writeSecondArray(x, x)", Writes.class, "writeSecondArray",
        c -> c.range(-1.0, 1.0).checkAliasing(0, 1));
    alias(a, "arraycopyBetweenArrays(x, x)", Library.class, "arraycopyBetweenArrays",
        c -> c.range(-1.0, 1.0).checkAliasing(0, 1));
    return a;
  }

  @TestFactory
  Stream<DynamicTest> everyArrayCorpusMethodPassesGradCheck() {
    return entries().stream().map(entry -> DynamicTest.dynamicTest(entry.name(), entry::check));
  }

  @TestFactory
  Stream<DynamicTest> aliasedArgumentsAreRejectedOrCorrect() {
    return aliasCases().stream()
        .map(c -> DynamicTest.dynamicTest(c.owner().getSimpleName() + " " + c.name(), c::check));
  }

  @Test
  void corpusIsLargeEnough() {
    int n = entries().size();
    assertTrue(n >= 45, "the array corpus should have at least 45 checked programs, has " + n);
  }

  @Test
  void theIssueProgramsAreIncluded() {
    Set<String> names = entries().stream().map(Entry::name).collect(Collectors.toSet());
    for (String required :
        List.of("Results.softmax", "Writes.expInPlace", "Algorithms.matmulLoss", "Results.step")) {
      assertTrue(names.contains(required), required + " is missing");
    }
  }

  @Test
  void everyStaticCorpusMethodHasExactlyOneEntry() {
    List<String> names = entries().stream().map(Entry::name).collect(Collectors.toList());
    Set<String> checked = new TreeSet<>(names);
    assertEquals(names.size(), checked.size(), "duplicate entries in " + names);

    Set<String> declared = new TreeSet<>();
    for (Class<?> owner : CORPUS) {
      for (Method m : owner.getDeclaredMethods()) {
        if (Modifier.isStatic(m.getModifiers()) && !m.isSynthetic()) {
          declared.add(owner.getSimpleName() + "." + m.getName());
        }
      }
    }
    Set<String> unchecked = new TreeSet<>(declared);
    unchecked.removeAll(checked);
    assertTrue(unchecked.isEmpty(), "array corpus methods without a GradCheck entry: " + unchecked);

    Set<String> stale = new TreeSet<>(checked);
    stale.removeAll(declared);
    assertTrue(stale.isEmpty(), "entries naming no static array corpus method: " + stale);
  }

  @Test
  void everyEntryOwnerIsACorpusClass() {
    for (Entry entry : entries()) {
      assertTrue(CORPUS.contains(entry.owner()), entry.name() + " is not in CORPUS");
    }
    for (AliasCase c : aliasCases()) {
      assertTrue(CORPUS.contains(c.owner()), c.name() + " is not in CORPUS");
    }
  }

  // ---------------------------------------------------------------- helpers for the points

  private static void add(
      List<Entry> entries, Class<?> owner, String method, UnaryOperator<GradCheck> config) {
    entries.add(new Entry(owner, method, config));
  }

  private static void alias(
      List<AliasCase> cases,
      String name,
      Class<?> owner,
      String method,
      Function<GradCheck, GradCheck.Report> run) {
    cases.add(new AliasCase(name, owner, method, run));
  }

  static Object[] args(Object... values) {
    return values;
  }

  /** Uniform in [lo, hi). */
  static double u(Random r, double lo, double hi) {
    return lo + (hi - lo) * r.nextDouble();
  }

  static double[] array(Random r, int n, double lo, double hi) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = u(r, lo, hi);
    }
    return x;
  }

  /** Entries of random sign with magnitude in [lo, hi). */
  static double[] signedArray(Random r, int n, double lo, double hi) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = (r.nextBoolean() ? 1.0 : -1.0) * u(r, lo, hi);
    }
    return x;
  }

  static double[][] matrix(Random r, int rows, int cols, double lo, double hi) {
    double[][] m = new double[rows][];
    for (int i = 0; i < rows; i++) {
      m[i] = array(r, cols, lo, hi);
    }
    return m;
  }

  static double[][] signedMatrix(Random r, int rows, int cols, double lo, double hi) {
    double[][] m = new double[rows][];
    for (int i = 0; i < rows; i++) {
      m[i] = signedArray(r, cols, lo, hi);
    }
    return m;
  }

  /** Uniform in [lo, hi), each entry at least {@code gap} from every kink. */
  static double[] arrayAway(Random r, int n, double lo, double hi, double gap, double... kinks) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      double v;
      boolean ok;
      do {
        v = u(r, lo, hi);
        ok = true;
        for (double k : kinks) {
          ok &= Math.abs(v - k) >= gap;
        }
      } while (!ok);
      x[i] = v;
    }
    return x;
  }

  /** n entries in [lo, hi), pairwise at least {@code gap} apart (no ties for sorts and maxima). */
  static double[] distinct(Random r, int n, double lo, double hi, double gap) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      boolean ok;
      do {
        x[i] = u(r, lo, hi);
        ok = true;
        for (int j = 0; j < i; j++) {
          ok &= Math.abs(x[i] - x[j]) >= gap;
        }
      } while (!ok);
    }
    return x;
  }

  /** A symmetric positive definite n x n matrix B B^T + n I, B uniform in [-1, 1). */
  static double[][] spd(Random r, int n) {
    double[][] b = matrix(r, n, n, -1.0, 1.0);
    double[][] a = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double s = 0.0;
        for (int k = 0; k < n; k++) {
          s += b[i][k] * b[j][k];
        }
        a[i][j] = s + (i == j ? n : 0.0);
      }
    }
    return a;
  }

  /** Lower triangular with diagonal in [1, 2) and off-diagonal in [-0.5, 0.5); random above. */
  static double[][] lowerTriangular(Random r, int n) {
    double[][] l = matrix(r, n, n, -0.5, 0.5);
    for (int i = 0; i < n; i++) {
      l[i][i] = u(r, 1.0, 2.0);
    }
    return l;
  }

  /** I + scale * uniform[-1, 1) noise: rows well away from linear dependence. */
  static double[][] nearIdentity(Random r, int n, double scale) {
    double[][] m = matrix(r, n, n, -scale, scale);
    for (int i = 0; i < n; i++) {
      m[i][i] += 1.0;
    }
    return m;
  }
}
