package io.jgrad.ecj;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jgrad.Grad;
import io.jgrad.check.GradCheck;
import io.jgrad.function.HessianFunction;
import io.jgrad.processor.GradProcessor;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.eclipse.jdt.core.compiler.batch.BatchCompiler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs jgrad's annotation processor under Eclipse's compiler (ecj), which compile-testing cannot
 * drive: {@link BatchCompiler} compiles a copy of the corpus in a temporary folder with
 * {@link GradProcessor}, the rules it generates are compiled by ecj in the same run, and
 * {@link GradCheck} checks them exactly as {@code CorpusTest} checks the javac build.
 *
 * <p>The corpus sources are copied into the package {@value #PACKAGE} (the {@code package} line
 * and qualified references rewritten; line numbers unchanged), which is not on the test
 * classpath: the checked classes and their rules can only come from ecj's output folder. The
 * array corpus ({@value #ARRAY_CORPUS_PACKAGE}) is copied the same way into
 * {@value #ARRAY_PACKAGE} and compiled by a second ecj run.
 *
 * <p>Checked, for both corpora: ecj reports no error and every rule class is generated and
 * compiled; the generated sources equal javac's (from this module's test-compile). Then a
 * representative list of methods and every {@code CorpusTest} entry, and every
 * {@code ArrayCorpusTest} entry and aliasing case, pass {@link GradCheck} on the ecj-compiled
 * classes (aliased writers are rejected exactly where javac's rules reject them); an unsupported
 * construct is an error at its line.
 *
 * <p>{@code BatchCompiler} is ecj's public entry point ({@code org.eclipse.jdt.core.compiler.batch};
 * the ecj jar has no {@code internal.compiler.batch.BatchCompiler}).
 */
class EcjCompileTest {
  static final String PACKAGE = "ecjcorpus";
  static final String CORPUS_PACKAGE = "io.jgrad.corpus";
  /** Where the array corpus is copied to: a package of its own, compiled by its own ecj run. */
  static final String ARRAY_PACKAGE = PACKAGE + ".arrays";
  static final String ARRAY_CORPUS_PACKAGE = CORPUS_PACKAGE + ".arrays";

  /**
   * The corpus classes: every source of the corpus package except its tests (CallsOther calls into
   * the others, so they are compiled together).
   */
  static final List<String> CORPUS = corpusClasses(CORPUS_PACKAGE);

  /** The array corpus classes (Composition calls into the others; compiled together). */
  static final List<String> ARRAY_CORPUS = corpusClasses(ARRAY_CORPUS_PACKAGE);

  /**
   * The realistic programs jgrad accepts unchanged (numeric Java as people write it; see
   * {@code src/realistic/README.md}), copied to {@value #PACKAGE}{@code .realistic}.
   */
  static final String REALISTIC_PACKAGE = "io.jgrad.realistic";

  @TempDir static Path temp;

  /** The scalar corpus, copied to {@value #PACKAGE}. */
  static final CorpusCopy SCALAR = new CorpusCopy("corpus", CORPUS_PACKAGE, PACKAGE, CORPUS);

  /** The array corpus, copied to {@value #ARRAY_PACKAGE}. */
  static final CorpusCopy ARRAYS =
      new CorpusCopy("arrays", ARRAY_CORPUS_PACKAGE, ARRAY_PACKAGE, ARRAY_CORPUS);

  /** The realistic programs; {@code RealisticProgramsTest} checks javac's rules of the same. */
  static final CorpusCopy REALISTIC = new CorpusCopy("realistic", REALISTIC_PACKAGE,
      PACKAGE + ".realistic", corpusClasses(REALISTIC_PACKAGE));

  /**
   * A corpus package copied into package {@code to} and compiled by ecj once for all tests that
   * need it (lazily, not in {@code @BeforeAll}, so that the other tests still run when one corpus
   * does not compile).
   */
  static final class CorpusCopy {
    final String name;
    final String from;
    final String to;
    final List<String> classes;
    private EcjRun run;
    private AssertionError failure;
    private URLClassLoader loader;

    CorpusCopy(String name, String from, String to, List<String> classes) {
      this.name = name;
      this.from = from;
      this.to = to;
      this.classes = classes;
    }

    /** The classes with @Grad methods (a corpus class may only hold constants others read). */
    List<String> withRules() throws IOException {
      List<String> out = new ArrayList<>();
      for (String c : classes) {
        if (Files.readString(corpusSource(from, c), StandardCharsets.UTF_8)
            .contains("import io.jgrad.Grad;")) {
          out.add(c);
        }
      }
      return out;
    }

    synchronized EcjRun run() throws IOException {
      if (failure != null) {
        throw failure;
      }
      if (run != null) {
        return run;
      }
      Path dir = temp.resolve(name + "/src").resolve(to.replace('.', '/'));
      Files.createDirectories(dir);
      List<Path> sources = new ArrayList<>();
      for (String c : classes) {
        String text = Files.readString(corpusSource(from, c), StandardCharsets.UTF_8);
        String moved = text.replace("package " + from + ";", "package " + to + ";")
            .replace(from + ".", to + ".");
        assertFalse(moved.contains(CORPUS_PACKAGE), c + " still mentions " + CORPUS_PACKAGE);
        Path file = dir.resolve(c + ".java");
        Files.writeString(file, moved, StandardCharsets.UTF_8);
        sources.add(file);
      }
      EcjRun compiled = EcjRun.compile(temp.resolve(name), sources);
      if (!compiled.success()) {
        failure = new AssertionError("ecj failed on the " + name + " corpus (" + to + "):\n"
            + compiled.summary());
        throw failure;
      }
      loader = new URLClassLoader(new URL[] {compiled.classes().toUri().toURL()},
          EcjCompileTest.class.getClassLoader());
      run = compiled;
      return compiled;
    }

    synchronized ClassLoader loader() throws IOException {
      run();
      return loader;
    }

    /** The ecj-compiled copy of corpus class {@code simpleName}. */
    Class<?> load(String simpleName) throws IOException, ClassNotFoundException {
      ClassLoader l = loader();
      Class<?> type = Class.forName(to + "." + simpleName, true, l);
      assertSame(l, type.getClassLoader(), type + " must come from ecj's output");
      // a nested class's rules are Outer_Inner_Rrule
      String rules = to + "." + simpleName.replace('$', '_');
      assertSame(l, Class.forName(rules + "_Rrule", false, l).getClassLoader());
      assertSame(l, Class.forName(rules + "_Frule", false, l).getClassLoader());
      return type;
    }

    /** javac's generated sources for this corpus (this module's test-compile). */
    Path javacGenerated() {
      return moduleDir().resolve("target/generated-test-sources/test-annotations")
          .resolve(from.replace('.', '/'));
    }

    synchronized void close() throws IOException {
      if (loader != null) {
        loader.close();
      }
      run = null;
      failure = null;
      loader = null;
    }
  }

  @AfterAll
  static void closeLoaders() throws IOException {
    SCALAR.close();
    ARRAYS.close();
    REALISTIC.close();
  }

  // ---------------------------------------------------------------- generated files

  @Test
  void ecjReportsNoErrorsAndTheRulesAreGeneratedAndCompiled() throws IOException {
    assertTrue(CORPUS.containsAll(List.of("Loops", "Jumps", "Calls", "CallsOther",
        "MathFunctions", "Classic")), "corpus classes: " + CORPUS);
    assertRulesGeneratedAndCompiled(SCALAR);
  }

  @Test
  void ecjReportsNoErrorsAndTheArrayRulesAreGeneratedAndCompiled() throws IOException {
    assertTrue(ARRAY_CORPUS.containsAll(List.of("Writes", "LocalArrays", "Matrices", "Results",
        "Algorithms", "Library", "Composition", "Aliasing")), "array corpus classes: "
        + ARRAY_CORPUS);
    assertRulesGeneratedAndCompiled(ARRAYS);
  }

  /**
   * The realistic programs compile under ecj with jgrad, and (below) ecj generates exactly the
   * rules javac does, whose gradients {@code RealisticProgramsTest} checks.
   */
  @Test
  void ecjCompilesTheRealisticPrograms() throws IOException {
    assertTrue(REALISTIC.classes.containsAll(List.of("BinomialTree", "HeatEquation1D",
        "LennardJones", "PoissonRegression", "FiniteElementBar", "GaussianProcess", "RpnFormula",
        "BlackScholes", "GaussianMixture", "KMeans", "HestonPricer", "SabrSmile",
        "MonteCarloBarrier", "PendulumRk4", "SparseSolvers", "BondPricing",
        "ReactionKinetics", "Mlp", "LogisticRegression", "KalmanFilter")),
        "realistic programs: " + REALISTIC.classes);
    assertRulesGeneratedAndCompiled(REALISTIC);
  }

  @Test
  void ecjGeneratesTheSameRealisticSourceAsJavac() throws IOException {
    assertSameSourceAsJavac(REALISTIC);
  }

  private static void assertRulesGeneratedAndCompiled(CorpusCopy copy) throws IOException {
    EcjRun run = copy.run();
    assertFalse(run.output().contains("ERROR in"), run.output());
    String dir = copy.to.replace('.', '/');
    for (String name : copy.withRules()) {
      for (String suffix : List.of("_Frule", "_Rrule")) {
        Path source = run.generated().resolve(dir + "/" + name + suffix + ".java");
        assertTrue(Files.isRegularFile(source), "ecj + jgrad did not generate " + source
            + "; generated: " + listing(run.generated()) + "\n" + run.output());
        Path compiled = run.classes().resolve(dir + "/" + name + suffix + ".class");
        assertTrue(Files.isRegularFile(compiled), "ecj did not compile " + compiled);
      }
    }
  }

  /**
   * The generated code must not depend on the compiler running the processor: ecj's output equals
   * what javac generated for the same corpus in this module's test-compile (package renamed).
   */
  @Test
  void ecjGeneratesTheSameSourceAsJavac() throws IOException {
    assertSameSourceAsJavac(SCALAR);
  }

  /** The same for the array corpus (array rules, Jacobians, aliasing guards, void outputs). */
  @Test
  void ecjGeneratesTheSameArraySourceAsJavac() throws IOException {
    assertSameSourceAsJavac(ARRAYS);
  }

  private static void assertSameSourceAsJavac(CorpusCopy copy) throws IOException {
    Path javacGenerated = copy.javacGenerated();
    assumeTrue(Files.isDirectory(javacGenerated),
        "javac's generated sources are not at " + javacGenerated + " (not run by Maven?)");
    EcjRun run = copy.run();
    List<String> different = new ArrayList<>();
    for (String name : copy.withRules()) {
      for (String suffix : List.of("_Frule", "_Rrule")) {
        String file = name + suffix + ".java";
        String byJavac = Files.readString(javacGenerated.resolve(file), StandardCharsets.UTF_8)
            .replace(copy.from, copy.to);
        String byEcj = Files.readString(
            run.generated().resolve(copy.to.replace('.', '/') + "/" + file),
            StandardCharsets.UTF_8);
        if (!byJavac.equals(byEcj)) {
          different.add(firstDifference(file, byJavac, byEcj));
        }
      }
    }
    assertTrue(different.isEmpty(),
        "the rules generated under ecj differ from javac's:\n" + String.join("\n", different));
  }

  // ---------------------------------------------------------------- gradient checks

  /** One method of the ecj-compiled corpus and how to choose its points. */
  record Check(String owner, String method, UnaryOperator<GradCheck> config) {
    String name() {
      return owner + "." + method;
    }
  }

  /**
   * Representative methods: loops, break/continue/early returns, Math functions, calls between
   * {@code @Grad} methods of one class and across classes (qualified and statically imported).
   */
  static List<Check> checks() {
    return List.of(
        // loops
        new Check("Loops", "sumOfSquares", c -> c.range(-2.0, 2.0).arrayLength(8)),
        new Check("Loops", "horner", c -> c.range(-1.0, 1.0).arrayLength(6)),
        new Check("Loops", "powBySquaring", c -> c.range(0.5, 1.5).intRange(0, 13)),
        new Check("Loops", "doWhile", c -> c.range(-1.5, 1.5).intRange(0, 8)),
        new Check("Loops", "triangular", c -> c.range(-1.0, 1.0).arrayLength(5)),
        new Check("Loops", "fibonacciLike", c -> c.range(-1.0, 1.0).arrayLength(8)),
        // break, continue, early return
        new Check("Jumps", "continueSkip",
            c -> c.args(r -> new Object[] {arrayAway(r, 6, -1.5, 1.5, 0.0)})),
        new Check("Jumps", "labelledContinue",
            c -> c.args(r -> new Object[] {arrayAway(r, 5, -1.5, 1.5, -0.5)})),
        new Check("Jumps", "earlyReturnInLoop", c -> c.args(r -> {
          double t = uniform(r, 0.0, 1.0);
          return new Object[] {arrayAway(r, 5, -1.0, 1.5, t), t};
        })),
        new Check("Jumps", "earlyReturnInIf", c -> c.args(r -> {
          double x;
          double y;
          do {
            x = away(r, -2.0, 3.0, 0.0);
            y = away(r, -2.0, 2.0, 0.0);
          } while (Math.abs(x - y - 2.0) < MARGIN);
          return new Object[] {x, y};
        })),
        new Check("Jumps", "whileTrueBreak", c -> c.range(-2.0, 2.0)),
        new Check("Jumps", "breakInDoWhile", c -> c.range(-1.0, 1.0).intRange(1, 12)),
        new Check("Jumps", "continueInDoWhile", c -> c.range(-1.5, 1.5)),
        // Math functions
        new Check("MathFunctions", "trig", c -> c.range(-1.2, 1.2)),
        new Check("MathFunctions", "inverseTrig", c -> c.range(-1.0, 1.0)),
        new Check("MathFunctions", "expLog", c -> c.range(-1.5, 1.5)),
        new Check("MathFunctions", "powers", c -> c.range(0.5, 2.0)),
        new Check("MathFunctions", "powNegativeBase", c -> c.range(-2.0, -0.5)),
        new Check("MathFunctions", "strictMath", c -> c.range(-1.0, 1.0)),
        new Check("MathFunctions", "floatMath", c -> c.range(0.6, 1.4)),
        new Check("MathFunctions", "composite", c -> c.range(-1.0, 1.0)),
        // @Grad calls in one class
        new Check("Calls", "weightedNorm", c -> c.range(-1.5, 1.5).arrayLength(5)),
        new Check("Calls", "sumOfElements", c -> c.range(-2.0, 2.0).arrayLength(5)),
        new Check("Calls", "nestedCalls", c -> c.range(-1.2, 1.2)),
        new Check("Calls", "tanhChain", c -> c.range(-1.0, 1.0).arrayLength(6)),
        new Check("Calls", "powRecursive", c -> c.range(0.5, 1.5).intRange(0, 8)),
        // @Grad calls across classes
        new Check("CallsOther", "crossScalar", c -> c.range(-1.5, 1.5)),
        new Check("CallsOther", "crossArray", c -> c.range(-2.0, 2.0).arrayLength(5)),
        new Check("CallsOther", "crossInLoop", c -> c.range(-1.0, 1.0).arrayLength(5)),
        new Check("CallsOther", "crossNested", c -> c.range(-1.2, 1.2)),
        new Check("CallsOther", "crossMixedArgs",
            c -> c.range(-1.5, 1.5).arrayLength(6).intRange(1, 6)),
        new Check("CallsOther", "crossFloat", c -> c.range(-2.0, 2.0).fdTolerance(1e-3)),
        // classic objectives
        new Check("Classic", "rosenbrock", c -> c.range(-1.5, 1.5).arrayLength(6)),
        new Check("Classic", "logisticLoss", c -> c.range(-2.0, 2.0).arrayLength(4)),
        new Check("Classic", "logSumExp", c -> c.range(-3.0, 3.0).arrayLength(6)),
        new Check("Classic", "softmaxCrossEntropy",
            c -> c.range(-3.0, 3.0).arrayLength(6).intRange(0, 5)),
        new Check("Classic", "newtonSqrt", c -> c.range(0.5, 10.0)),
        new Check("Classic", "tinyMlp", c -> c.range(-1.5, 1.5).arrayLength(7)),
        // straight-line code and mixed types
        new Check("Straight", "compoundAssign", c -> c.range(0.5, 2.0)),
        new Check("Mixed", "scaledPrefix", c -> c.range(-1.5, 1.5).arrayLength(6).intRange(0, 6)),
        new Check("Mixed", "longCounter", c -> c.range(0.5, 2.0).intRange(0, 6)),
        // helpers without @Grad: private, overloaded, recursive, in another class
        new Check("Helpers", "overloads", c -> c.range(-2.0, 2.0)),
        new Check("Helpers", "recursion", c -> c.range(-1.5, 1.5).intRange(0, 6)),
        new Check("Helpers", "axpyTwice", c -> c.range(-1.0, 1.0).arrayLength(4)),
        // arrays of data: int[] indices and labels, a local int[][] neighbour list
        new Check("DataArrays", "csrNormSquared", c -> c.args(r -> new Object[] {
            arrayAway(r, 5, -1.0, 1.0), new int[] {0, 2, 2, 5}, new int[] {0, 3, 1, 2, 3},
            arrayAway(r, 4, -1.0, 1.0)})),
        new Check("DataArrays", "crossEntropy", c -> c.args(r -> new Object[] {
            new double[][] {arrayAway(r, 3, -2.0, 2.0), arrayAway(r, 3, -2.0, 2.0)},
            new int[] {r.nextInt(3), r.nextInt(3)}})),
        new Check("DataArrays", "pairEnergy", c -> c.args(r -> {
          double[] pos = new double[5];
          for (int i = 0; i < pos.length; i++) {
            pos[i] = 0.7 * i + uniform(r, -0.1, 0.1);
          }
          return new Object[] {pos, 1.05};
        })));
  }

  @TestFactory
  Stream<DynamicTest> ecjCompiledRulesPassGradCheck() {
    List<Check> checks = checks();
    assertTrue(checks.size() >= 15, "too few methods checked under ecj: " + checks.size());
    return checks.stream().map(c -> DynamicTest.dynamicTest(c.name(),
        () -> gradCheck(c.owner(), c.method(), c.config())));
  }

  /**
   * Every entry of {@code CorpusTest} (same points, same tolerances), on the ecj-compiled copy. The
   * entries are read reflectively because {@code CorpusTest} is package-private in the corpus
   * package.
   */
  @TestFactory
  Stream<DynamicTest> wholeCorpusPassesGradCheckUnderEcj() throws ReflectiveOperationException {
    Class<?> corpusTest = Class.forName(CORPUS_PACKAGE + ".CorpusTest");
    Method entries = corpusTest.getDeclaredMethod("entries");
    entries.setAccessible(true);
    List<?> list = (List<?>) entries.invoke(null);
    assertTrue(list.size() >= 45, "CorpusTest.entries() returned " + list.size());
    List<DynamicTest> tests = new ArrayList<>();
    for (Object entry : list) {
      Class<?> owner = (Class<?>) component(entry, "owner");
      String method = (String) component(entry, "method");
      @SuppressWarnings("unchecked")
      UnaryOperator<GradCheck> config = (UnaryOperator<GradCheck>) component(entry, "config");
      // CorpusTest's Entry.check() uses these points and this seed
      int points = (int) staticField(corpusTest, "POINTS");
      long seed = (long) staticField(corpusTest, "SEED");
      // a nested owner (an instance @Grad method of Objects.Layer) by its binary name
      String binary = owner.getName().substring(owner.getPackageName().length() + 1);
      tests.add(DynamicTest.dynamicTest(owner.getSimpleName() + "." + method,
          () -> gradCheck(binary, method, c -> config.apply(c.points(points).seed(seed)))));
    }
    return tests.stream();
  }

  private static void gradCheck(String owner, String method, UnaryOperator<GradCheck> config)
      throws ClassNotFoundException, IOException {
    Class<?> type = SCALAR.load(owner);
    GradCheck.Report report = config.apply(GradCheck.of(type, method)).check();
    assertEquals(PACKAGE + "." + owner + "." + method, report.method()); // binary names
    assertTrue(report.points() > 0, "GradCheck checked no point: " + report);
  }

  /**
   * The function objects of the ecj-compiled corpus behave as javac's, bit for bit: both are
   * plain {@code io.jgrad.function} values (the interfaces come from the shared runtime), compared
   * at random points by value, gradient, Hessian and Hessian-vector product.
   */
  @Test
  void ecjCompiledFunctionObjectsBehaveAsJavacs() throws Exception {
    record Factory(String rules, String name, List<Class<?>> types,
        java.util.function.Supplier<Object[]> args) {
      HessianFunction make(String pkg, ClassLoader loader) throws ReflectiveOperationException {
        return (HessianFunction) Class.forName(pkg + "." + rules, true, loader)
            .getMethod(name, types.toArray(Class<?>[]::new)).invoke(null, args.get());
      }
    }
    List<Factory> factories = List.of(
        new Factory("Classic_Rrule", "rosenbrockFunction", List.of(double[].class),
            () -> new Object[] {new double[4]}),
        new Factory("FunctionObjects_Rrule", "weightedLossFunction",
            List.of(double.class, double[].class, int.class, double[].class),
            () -> new Object[] {0.0, new double[4], 3, new double[] {0.5, -0.25, 1.0}}),
        new Factory("FunctionObjects_Rrule", "movedRowsFunction", List.of(double[][].class),
            () -> new Object[] {new double[][] {new double[3], new double[1], new double[3]}}),
        new Factory("FunctionObjects_Rrule", "floatScaledFunction",
            List.of(float.class, float[].class, double[].class),
            () -> new Object[] {0f, new float[3], new double[3]}));
    Random random = new Random(11);
    for (Factory factory : factories) {
      HessianFunction ecj = factory.make(PACKAGE, SCALAR.loader());
      HessianFunction javac = factory.make(CORPUS_PACKAGE, EcjCompileTest.class.getClassLoader());
      assertSame(SCALAR.loader(), ecj.getClass().getClassLoader());
      int n = javac.dimension();
      assertEquals(n, ecj.dimension(), factory.name());
      for (int k = 0; k < 5; k++) {
        double[] point = random.doubles(n, -1, 1).toArray();
        double[] direction = random.doubles(n, -1, 1).toArray();
        double[][] byEach = new double[4][n];
        assertEquals(javac.valueGradientAndHessianTimes(point, direction, byEach[0], byEach[1]),
            ecj.valueGradientAndHessianTimes(point, direction, byEach[2], byEach[3]),
            factory.name());
        assertArrayEquals(byEach[0], byEach[2], factory.name() + " gradient");
        assertArrayEquals(byEach[1], byEach[3], factory.name() + " Hessian times a direction");
        assertEquals(javac.value(point), ecj.value(point), factory.name() + " value");
        assertTrue(java.util.Arrays.deepEquals(javac.hessian(point), ecj.hessian(point)),
            factory.name() + " Hessian");
      }
    }
  }

  // ---------------------------------------------------------------- the array corpus

  /** {@code io.jgrad.corpus.arrays.ArrayCorpusTest}, package-private: read reflectively. */
  static Class<?> arrayCorpusTest() throws ClassNotFoundException {
    return Class.forName(ARRAY_CORPUS_PACKAGE + ".ArrayCorpusTest");
  }

  static List<?> arrayCorpusList(String method) throws ReflectiveOperationException {
    Method m = arrayCorpusTest().getDeclaredMethod(method);
    m.setAccessible(true);
    return (List<?>) m.invoke(null);
  }

  /**
   * A fresh check of {@code owner.method} configured as {@code ArrayCorpusTest}'s {@code Entry}
   * and {@code AliasCase} configure theirs (its points and seed, then the entry's own
   * configuration).
   */
  static GradCheck arrayCheck(Class<?> owner, String method) throws ReflectiveOperationException {
    Class<?> test = arrayCorpusTest();
    int points = (int) staticField(test, "POINTS");
    long seed = (long) staticField(test, "SEED");
    return GradCheck.of(owner, method).points(points).seed(seed);
  }

  /**
   * Every entry of {@code ArrayCorpusTest} (same points, same seed, same generators and
   * tolerances), on the ecj-compiled copy of the array corpus.
   */
  @TestFactory
  Stream<DynamicTest> wholeArrayCorpusPassesGradCheckUnderEcj()
      throws ReflectiveOperationException {
    List<?> list = arrayCorpusList("entries");
    assertTrue(list.size() >= 45, "ArrayCorpusTest.entries() returned " + list.size());
    List<DynamicTest> tests = new ArrayList<>();
    for (Object entry : list) {
      Class<?> owner = (Class<?>) component(entry, "owner");
      String method = (String) component(entry, "method");
      @SuppressWarnings("unchecked")
      UnaryOperator<GradCheck> config = (UnaryOperator<GradCheck>) component(entry, "config");
      String name = owner.getSimpleName();
      tests.add(DynamicTest.dynamicTest(name + "." + method, () -> {
        Class<?> type = ARRAYS.load(name);
        GradCheck.Report report = config.apply(arrayCheck(type, method)).check();
        assertEquals(ARRAY_PACKAGE + "." + name + "." + method, report.method());
        assertTrue(report.points() > 0, "GradCheck checked no point: " + report);
        assertEquals(0, report.rejected(), report.toString());
      }));
    }
    return tests.stream();
  }

  /**
   * Every aliasing case of {@code ArrayCorpusTest} (the same array passed for two parameters, or
   * a row of a matrix argument passed as a vector argument) on the ecj-compiled copy. The check
   * itself accepts a rejection only where the case allows one ({@code checkAliasing}); here the
   * ecj-compiled rules must moreover reject exactly where javac's do: the same case is run on
   * the javac-compiled corpus (same seed, same points) and the number of checked and of rejected
   * points must agree.
   */
  @TestFactory
  Stream<DynamicTest> arrayAliasingCasesBehaveUnderEcjAsUnderJavac()
      throws ReflectiveOperationException {
    List<?> list = arrayCorpusList("aliasCases");
    assertTrue(list.size() >= 10, "ArrayCorpusTest.aliasCases() returned " + list.size());
    List<DynamicTest> tests = new ArrayList<>();
    for (Object c : list) {
      String caseName = (String) component(c, "name");
      Class<?> owner = (Class<?>) component(c, "owner");
      String method = (String) component(c, "method");
      @SuppressWarnings("unchecked")
      Function<GradCheck, GradCheck.Report> run =
          (Function<GradCheck, GradCheck.Report>) component(c, "run");
      String name = owner.getSimpleName();
      tests.add(DynamicTest.dynamicTest(name + " " + caseName, () -> {
        assertEquals(ARRAY_CORPUS_PACKAGE, owner.getPackageName());
        GradCheck.Report byJavac = run.apply(arrayCheck(owner, method));
        Class<?> type = ARRAYS.load(name);
        GradCheck.Report byEcj = run.apply(arrayCheck(type, method));
        assertEquals(ARRAY_PACKAGE + "." + name + "." + method, byEcj.method());
        assertTrue(byEcj.points() > 0 || byEcj.rejected() > 0,
            "GradCheck neither checked nor saw a rejection: " + byEcj);
        assertEquals(byJavac.rejected(), byEcj.rejected(),
            "rejected under javac: " + byJavac + "\nunder ecj: " + byEcj);
        assertEquals(byJavac.points(), byEcj.points(),
            "checked under javac: " + byJavac + "\nunder ecj: " + byEcj);
      }));
    }
    return tests.stream();
  }

  /**
   * The ecj-side checks cover the same classes and methods as {@code ArrayCorpusTest}: its
   * {@code CORPUS} list is the set of copied sources, and every static method of the
   * ecj-compiled classes has an entry.
   */
  @Test
  void everyArrayCorpusClassAndMethodIsCheckedUnderEcj() throws Exception {
    List<?> declared = (List<?>) staticField(arrayCorpusTest(), "CORPUS");
    Set<String> registered = new TreeSet<>();
    for (Object type : declared) {
      registered.add(((Class<?>) type).getSimpleName());
    }
    assertEquals(new TreeSet<>(ARRAY_CORPUS), registered,
        "ArrayCorpusTest.CORPUS and the sources in " + ARRAY_CORPUS_PACKAGE);

    Set<String> entries = new TreeSet<>();
    for (Object entry : arrayCorpusList("entries")) {
      entries.add(((Class<?>) component(entry, "owner")).getSimpleName() + "."
          + component(entry, "method"));
    }
    Set<String> methods = new TreeSet<>();
    for (String name : ARRAY_CORPUS) {
      for (Method m : ARRAYS.load(name).getDeclaredMethods()) {
        if (Modifier.isStatic(m.getModifiers()) && !m.isSynthetic()) {
          methods.add(name + "." + m.getName());
        }
      }
    }
    assertEquals(methods, entries, "static methods of the ecj-compiled array corpus vs entries");
  }

  // ---------------------------------------------------------------- diagnostics

  /**
   * An unsupported construct is a compile error under ecj too, at its own line (ecj's Messager
   * positions errors at elements only; jgrad records the problem at the construct itself, see
   * {@code EcjPositionsTest}).
   */
  @Test
  void unsupportedConstructIsAnErrorAtItsLine() throws IOException {
    String source = String.join("\n",
        "package ecjbad;",
        "",
        "import io.jgrad.Grad;",
        "",
        "public final class Guarded {",
        "  private Guarded() {}",
        "",
        "  @Grad",
        "  public static double logOrZero(double x) {",
        "    double s = x * x;",
        "    try {",
        "      s += Math.log(x);",
        "    } catch (ArithmeticException e) {",
        "      s = 0.0;",
        "    }",
        "    return s;",
        "  }",
        "}",
        "");
    int tryLine = List.of(source.split("\n")).indexOf("    try {") + 1;
    assertEquals(11, tryLine);
    Path dir = temp.resolve("bad/src/ecjbad");
    Files.createDirectories(dir);
    Path file = dir.resolve("Guarded.java");
    Files.writeString(file, source, StandardCharsets.UTF_8);

    EcjRun run = EcjRun.compile(temp.resolve("bad"), List.of(file));

    assertFalse(run.success(), "ecj accepted a try statement in a @Grad method:\n" + run.output());
    String message = "a try statement is not supported in a @Grad method";
    List<String> problems = run.problems();
    List<String> jgrad = problems.stream().filter(p -> p.contains(message))
        .collect(Collectors.toList());
    assertEquals(1, jgrad.size(), "expected one jgrad error, ecj said:\n" + run.output());
    String problem = jgrad.get(0);
    assertTrue(problem.contains("ERROR in " + file), problem);
    assertTrue(problem.contains("ERROR in " + file + " (at line " + tryLine + ")"),
        "not at line " + tryLine + ":\n" + problem);
    assertTrue(problem.contains("catch exceptions in the caller"), problem);
    assertFalse(Files.exists(run.generated().resolve("ecjbad/Guarded_Rrule.java")),
        "rules were generated for a method that failed to differentiate");
  }

  // ---------------------------------------------------------------- running ecj

  /**
   * One ecj run over {@code sources}, output under {@code dir}: {@code classes}, {@code generated}.
   *
   * @param output everything ecj printed (errors, warnings, the summary)
   */
  record EcjRun(boolean success, Path classes, Path generated, String output) {
    static EcjRun compile(Path dir, List<Path> sources) throws IOException {
      return compile(dir, sources, List.of());
    }

    /** As {@link #compile(Path, List)}, with {@code classpath} first on ecj's class path. */
    static EcjRun compile(Path dir, List<Path> sources, List<String> classpath)
        throws IOException {
      List<String> entries = new ArrayList<>(classpath);
      entries.addAll(compileClasspath());
      Path classes = Files.createDirectories(dir.resolve("classes"));
      Path generated = Files.createDirectories(dir.resolve("generated"));
      List<String> args = new ArrayList<>(List.of(
          "-17",
          "-encoding", "UTF-8",
          "-d", classes.toString(),
          "-s", generated.toString(),
          // -classpath must come before -processorpath
          "-classpath", join(entries),
          "-processorpath", join(processorPath()),
          "-processor", GradProcessor.class.getName()));
      sources.forEach(s -> args.add(s.toString()));
      StringWriter out = new StringWriter();
      boolean ok;
      try (PrintWriter writer = new PrintWriter(out)) {
        ok = BatchCompiler.compile(args.toArray(String[]::new), writer, writer, null);
      }
      return new EcjRun(ok, classes, generated, out.toString());
    }

    /** The first problems ecj reported and its summary line, for failure messages. */
    String summary() {
      List<String> problems = problems();
      String[] lines = output.strip().split("\n");
      return problems.stream().limit(8).collect(Collectors.joining("\n----------\n"))
          + (problems.size() > 8 ? "\n... " + (problems.size() - 8) + " more\n" : "\n")
          + lines[lines.length - 1];
    }

    /** ecj's problems, one string each ("1. ERROR in File.java (at line n)" up to "----"). */
    List<String> problems() {
      List<String> problems = new ArrayList<>();
      for (String block : output.split("----------")) {
        if (block.contains(" in ") && (block.contains("ERROR") || block.contains("WARNING"))) {
          problems.add(block.strip());
        }
      }
      return problems;
    }
  }

  /** What the corpus compiles against: jgrad's runtime ({@code @Grad}, tapes) and the harness. */
  static List<String> compileClasspath() {
    return List.of(location(Grad.class), location(GradCheck.class));
  }

  /**
   * The processor and its dependencies (JDT, JavaPoet, the runtime): everything on this JVM's
   * classpath, where Maven put them because jgrad-processor is a test dependency, except the test
   * classes of this module (which hold the original corpus). Note that ecj loads processors with
   * {@code new URLClassLoader(processorpath, <ecj's own loader>)}, which delegates parent-first:
   * inside this JVM the processor classes come from the test classpath either way; the path still
   * matters for what a standalone ecj run would need.
   */
  static List<String> processorPath() {
    String tests = location(EcjCompileTest.class);
    Set<String> path = new LinkedHashSet<>();
    path.add(location(GradProcessor.class));
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.isBlank() && !Path.of(entry).toAbsolutePath().toString().equals(tests)) {
        path.add(Path.of(entry).toAbsolutePath().toString());
      }
    }
    return new ArrayList<>(path);
  }

  private static String location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI())
          .toAbsolutePath().toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String join(List<String> entries) {
    return String.join(File.pathSeparator, entries);
  }

  /** This module's directory: the parent of {@code target/test-classes}. */
  static Path moduleDir() {
    Path testClasses = Path.of(location(EcjCompileTest.class));
    Path module = testClasses.getParent().getParent();
    if (Files.isDirectory(module.resolve("src/test/java"))) {
      return module;
    }
    Path cwd = Path.of("").toAbsolutePath();
    return Files.isDirectory(cwd.resolve("src/test/java")) ? cwd : cwd.resolve("test-fixtures");
  }

  /** The corpus classes of package {@code pkg}: its sources except tests (not its subpackages). */
  private static List<String> corpusClasses(String pkg) {
    Path dir = moduleDir().resolve("src/test/java").resolve(pkg.replace('.', '/'));
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString())
          .filter(f -> f.endsWith(".java") && !f.endsWith("Test.java"))
          .map(f -> f.substring(0, f.length() - ".java".length()))
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the corpus sources in " + dir, e);
    }
  }

  static Path corpusSource(String pkg, String name) {
    return moduleDir().resolve("src/test/java").resolve(pkg.replace('.', '/'))
        .resolve(name + ".java");
  }

  private static String listing(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).map(dir::relativize).map(Path::toString)
          .sorted().collect(Collectors.toList()).toString();
    } catch (IOException e) {
      return "(" + e + ")";
    }
  }

  private static String firstDifference(String file, String byJavac, String byEcj) {
    String[] x = byJavac.split("\n", -1);
    String[] y = byEcj.split("\n", -1);
    int i = 0;
    while (i < x.length && i < y.length && x[i].equals(y[i])) {
      i++;
    }
    return file + " line " + (i + 1) + ":\n  javac: " + (i < x.length ? x[i].strip() : "(end)")
        + "\n  ecj:   " + (i < y.length ? y[i].strip() : "(end)");
  }

  private static Object component(Object record, String name) throws ReflectiveOperationException {
    for (RecordComponent c : record.getClass().getRecordComponents()) {
      if (c.getName().equals(name)) {
        Method accessor = c.getAccessor();
        accessor.setAccessible(true);
        return accessor.invoke(record);
      }
    }
    throw new NoSuchFieldException(record.getClass() + "." + name);
  }

  private static Object staticField(Class<?> type, String name)
      throws ReflectiveOperationException {
    java.lang.reflect.Field field = type.getDeclaredField(name);
    field.setAccessible(true);
    return field.get(null);
  }

  // ---------------------------------------------------------------- points

  /** Distance of generated points from the kinks of piecewise-smooth methods. */
  static final double MARGIN = 0.03;

  static double uniform(Random r, double lo, double hi) {
    return lo + (hi - lo) * r.nextDouble();
  }

  static double away(Random r, double lo, double hi, double... kinks) {
    while (true) {
      double v = uniform(r, lo, hi);
      boolean ok = true;
      for (double k : kinks) {
        ok &= Math.abs(v - k) >= MARGIN;
      }
      if (ok) {
        return v;
      }
    }
  }

  static double[] arrayAway(Random r, int n, double lo, double hi, double... kinks) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = away(r, lo, hi, kinks);
    }
    return x;
  }
}
