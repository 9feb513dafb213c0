package io.jgrad.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Pins the exact text of the rules generated for a few representative methods, like Clad's
 * FileCheck tests: each case compiles sources from {@code src/test/resources/golden/input} with
 * javac and the jgrad processor, and compares every generated {@code _Frule}/{@code _Rrule} class
 * with the file of the same name under {@code src/test/resources/golden/expected} (line endings
 * normalised, nothing else). The inputs and the generated rules are compiled with
 * {@code -Xlint:all -Werror}, so the generated code must also be free of javac warnings.
 *
 * <p>After an intended change of the generated code, review the diff and accept the new output
 * with either
 *
 * <pre>
 *   mvn -pl processor test -Dtest=GoldenFilesTest -Djgrad.updateGolden=true
 *   JGRAD_UPDATE_GOLDEN=true mvn -pl processor test -Dtest=GoldenFilesTest
 * </pre>
 *
 * <p>Surefire forwards {@code -D} properties given on the Maven command line to the forked test
 * JVM, but not every runner does (IDE run configurations, {@code MAVEN_OPTS}, Gradle): the
 * environment variable {@code JGRAD_UPDATE_GOLDEN=true} works everywhere, since forked JVMs
 * inherit the environment. In update mode the test writes the actual output into
 * {@code src/test/resources/golden/expected} of this module and passes; then rerun without it
 * and commit the changed expected files together with the generator change.
 */
class GoldenFilesTest {
  static final String UPDATE_PROPERTY = "jgrad.updateGolden";
  static final String UPDATE_ENV = "JGRAD_UPDATE_GOLDEN";
  private static final String HINT =
      "run with -D" + UPDATE_PROPERTY + "=true (or " + UPDATE_ENV + "=true) to accept the new"
          + " output";

  /**
   * One golden case: the input classes compiled together (all in package {@code test}), the
   * classes whose generated rules are pinned whole, and single generated methods pinned alone
   * ({@code "SimpleMlp_Rrule#lossAdjoint"}: its Javadoc and body, in
   * {@code expected/test/SimpleMlp_Rrule#lossAdjoint.txt}).
   */
  record Case(String name, List<String> inputs, List<String> pinned, List<String> methods) {
    Case(String name, List<String> inputs, List<String> pinned) {
      this(name, inputs, pinned, List.of());
    }
  }

  static List<Case> cases() {
    return List.of(
        // The Rosenbrock loop over double[]: array tangents, adjoint buffers, a taped loop.
        new Case("loop over double[]", List.of("Rosenbrock"), List.of("Rosenbrock")),
        // if/else, continue, break and an early return inside a value-dependent loop.
        new Case("branches and jumps", List.of("Search"), List.of("Search")),
        // pow (int and active exponent), atan2, max, exp, sqrt, log of scalars; an int param.
        new Case("Math on scalars", List.of("Scalars"), List.of("Scalars")),
        // Model.loss calls Losses.softplus: rules compose through the callee's rules.
        new Case("@Grad calling @Grad in another class", List.of("Losses", "Model"),
            List.of("Losses", "Model")),
        // softmax: an array result, a local array written in place, a Jacobian method.
        new Case("array result and in-place writes", List.of("Softmax"), List.of("Softmax")),
        // the benchmarks' simple_mlp: its fAdjoint should read like the hand-written adjoint
        new Case("simple_mlp's reverse rule", List.of("SimpleMlp"), List.of(),
            List.of("SimpleMlp_Rrule#lossAdjoint")));
  }

  @TestFactory
  Stream<DynamicTest> generatedRulesMatchGoldenFiles() {
    return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
  }

  /** The golden simple_mlp is the benchmarks' row as written there (from {@code @Grad} on). */
  @Test
  void simpleMlpInputIsTheBenchmarksRow() throws IOException {
    Path module = expectedRoot().getParent().getParent().getParent().getParent().getParent();
    Path row = module.resolveSibling(
        "samples/benchmarks/src/main/java/io/jgrad/bench/rows/SimpleMlp.java");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(row), "no samples beside " + module);
    Path input = module.resolve("src/test/resources/golden/input/test/SimpleMlp.java");
    String rowText = normalize(Files.readString(row, StandardCharsets.UTF_8));
    String inputText = normalize(Files.readString(input, StandardCharsets.UTF_8));
    assertEquals(rowText.substring(rowText.indexOf("  @Grad")),
        inputText.substring(inputText.indexOf("  @Grad")),
        "golden/input/test/SimpleMlp.java should follow " + row);
  }

  /** A pinned method is cut from its class with its Javadoc, and only it. */
  @Test
  void methodExcerptIsTheWholeMethodAndItsJavadoc() {
    String source = "class C {\n  /**\n   * Doc.\n   */\n  static int f(int x) {\n"
        + "    return x;\n  }\n\n  static int g() {\n    return 1;\n  }\n}\n";
    assertEquals("  /**\n   * Doc.\n   */\n  static int f(int x) {\n    return x;\n  }\n",
        method(source, "f"));
    assertEquals("  static int g() {\n    return 1;\n  }\n", method(source, "g"));
    assertEquals(null, method(source, "h"));
  }

  /** The comparison itself must be able to fail, and must say where. */
  @Test
  void diffShowsFirstDifferingLines() {
    String expected = "a\nb\nc\nd\ne\nf\ng\n";
    String actual = "a\nb\nc\nD\ne\nf\ng\nh\n";
    String diff = Diff.unified("expected", "actual", lines(expected), lines(actual), 3, 40);
    assertTrue(diff.contains("@@ -1,7 +1,8 @@"), diff);
    assertTrue(diff.contains("\n-d\n+D\n"), diff);
    assertTrue(diff.contains("\n+h\n"), diff);
    assertEquals("", Diff.unified("expected", "actual", lines(expected), lines(expected), 3, 40));
  }

  private static void check(Case c) throws IOException {
    List<JavaFileObject> sources = c.inputs().stream()
        .map(name -> JavaFileObjects.forResource("golden/input/test/" + name + ".java"))
        .collect(Collectors.toList());
    Compilation compilation = Compiler.javac()
        .withProcessors(new GradProcessor())
        // -processing: javac notes that no processor "claimed" @Grad; jgrad leaves it unclaimed
        .withOptions("-Xlint:all,-processing", "-Werror")
        .compile(sources);
    if (compilation.status() != Compilation.Status.SUCCESS
        || !compilation.diagnostics().isEmpty()) {
      fail("compiling " + c.inputs() + " with the jgrad processor failed or warned:\n"
          + compilation.diagnostics().stream().map(GoldenFilesTest::describe)
              .collect(Collectors.joining("\n")));
    }

    List<String> failures = new ArrayList<>();
    for (String owner : c.pinned()) {
      for (String suffix : List.of("_Frule", "_Rrule")) {
        String className = owner + suffix;
        Optional<JavaFileObject> generated =
            compilation.generatedSourceFile("test." + className);
        if (generated.isEmpty()) {
          failures.add("no generated source test." + className + "; generated: "
              + compilation.generatedSourceFiles().stream().map(JavaFileObject::getName)
                  .collect(Collectors.toList()));
          continue;
        }
        String actual = normalize(generated.get().getCharContent(true).toString());
        String failure = compare("test/" + className + ".java", actual);
        if (failure != null) {
          failures.add(failure);
        }
      }
    }
    for (String pinned : c.methods()) {
      String className = pinned.substring(0, pinned.indexOf('#'));
      String method = pinned.substring(pinned.indexOf('#') + 1);
      Optional<JavaFileObject> generated = compilation.generatedSourceFile("test." + className);
      String excerpt = generated.isEmpty() ? null
          : method(normalize(generated.get().getCharContent(true).toString()), method);
      String failure = excerpt == null ? "no method " + pinned + " generated"
          : compare("test/" + pinned + ".txt", excerpt);
      if (failure != null) {
        failures.add(failure);
      }
    }
    if (!failures.isEmpty()) {
      fail(String.join("\n\n", failures) + "\n\n" + HINT);
    }
  }

  /**
   * The text of the class member method {@code name} in {@code source}: its Javadoc, signature
   * and body (to the first line {@code "  }"} after the signature), or null.
   */
  static String method(String source, String name) {
    List<String> lines = lines(source);
    int start = -1;
    for (int k = 0; k < lines.size() && start < 0; k++) {
      String line = lines.get(k);
      if (line.startsWith("  ") && !line.startsWith("   ") && line.contains(" " + name + "(")) {
        start = k;
      }
    }
    if (start < 0) {
      return null;
    }
    int end = start;
    while (end < lines.size() && !lines.get(end).equals("  }")) {
      end++;
    }
    int first = start;
    if (first > 0 && lines.get(first - 1).equals("   */")) {
      while (first > 0 && !lines.get(first).equals("  /**")) {
        first--;
      }
    }
    return String.join("\n", lines.subList(first, Math.min(end + 1, lines.size()))) + "\n";
  }

  /** Null if {@code actual} matches the expected file (or was written in update mode). */
  private static String compare(String relative, String actual) throws IOException {
    Path expectedFile = expectedRoot().resolve(relative);
    if (updating()) {
      Files.createDirectories(expectedFile.getParent());
      if (!Files.exists(expectedFile)
          || !normalize(Files.readString(expectedFile, StandardCharsets.UTF_8)).equals(actual)) {
        Files.writeString(expectedFile, actual, StandardCharsets.UTF_8);
        System.out.println("[golden] wrote " + expectedFile);
      }
      return null;
    }
    if (!Files.exists(expectedFile)) {
      return "missing golden file " + expectedFile + " for the generated test/" + relative;
    }
    String expected = normalize(Files.readString(expectedFile, StandardCharsets.UTF_8));
    if (expected.equals(actual)) {
      return null;
    }
    return "generated " + relative + " differs from " + expectedFile + ":\n"
        + Diff.unified("expected/" + relative, "actual/" + relative, lines(expected),
            lines(actual), 3, 60);
  }

  static boolean updating() {
    return Boolean.parseBoolean(System.getProperty(UPDATE_PROPERTY))
        || Boolean.parseBoolean(System.getenv(UPDATE_ENV));
  }

  /**
   * {@code <module>/src/test/resources/golden/expected}. The module directory is found from this
   * class's location ({@code <module>/target/test-classes}), so it does not depend on the working
   * directory (surefire runs in the module, IDEs sometimes at the repository root).
   */
  static Path expectedRoot() {
    Path module;
    try {
      Path classes = Path.of(GoldenFilesTest.class.getProtectionDomain().getCodeSource()
          .getLocation().toURI());
      module = classes.getParent().getParent();
    } catch (URISyntaxException | RuntimeException e) {
      module = Path.of("").toAbsolutePath();
    }
    if (!Files.isDirectory(module.resolve("src/test/resources/golden"))) {
      Path cwd = Path.of("").toAbsolutePath();
      module = Files.isDirectory(cwd.resolve("src/test/resources/golden")) ? cwd
          : cwd.resolve("processor");
    }
    return module.resolve("src/test/resources/golden/expected");
  }

  private static String normalize(String text) {
    return text.replace("\r\n", "\n").replace('\r', '\n');
  }

  private static List<String> lines(String text) {
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
      lines.remove(lines.size() - 1);
    }
    return lines;
  }

  private static String describe(Diagnostic<? extends JavaFileObject> d) {
    String where = d.getSource() == null ? "" : d.getSource().getName() + ":" + d.getLineNumber()
        + ": ";
    return d.getKind() + ": " + where + d.getMessage(null);
  }

  /** A small line diff (longest common subsequence) printed in unified format. */
  static final class Diff {
    private Diff() {}

    /**
     * The hunks of a unified diff with {@code context} lines around each change, cut after
     * {@code maxLines} lines of output; empty if the inputs are equal.
     */
    static String unified(String fromName, String toName, List<String> a, List<String> b,
        int context, int maxLines) {
      int n = a.size();
      int m = b.size();
      int[][] lcs = new int[n + 1][m + 1];
      for (int i = n - 1; i >= 0; i--) {
        for (int j = m - 1; j >= 0; j--) {
          lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1
              : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
        }
      }
      // The edit script: ' ' keep, '-' delete from a, '+' insert from b; with line numbers.
      StringBuilder ops = new StringBuilder();
      List<int[]> at = new ArrayList<>();
      int i = 0;
      int j = 0;
      while (i < n || j < m) {
        if (i < n && j < m && a.get(i).equals(b.get(j))) {
          ops.append(' ');
          at.add(new int[] {i++, j++});
        } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
          ops.append('-');
          at.add(new int[] {i++, j});
        } else {
          ops.append('+');
          at.add(new int[] {i, j++});
        }
      }
      StringBuilder out = new StringBuilder();
      int printed = 0;
      int k = 0;
      while (k < ops.length()) {
        if (ops.charAt(k) == ' ') {
          k++;
          continue;
        }
        // A hunk: from `context` lines before this change to `context` lines after the last
        // change that is at most 2 * context lines away from the previous one.
        int start = Math.max(0, k - context);
        int end = k;
        int quiet = 0;
        for (int t = k; t < ops.length(); t++) {
          if (ops.charAt(t) == ' ') {
            if (++quiet > 2 * context) {
              break;
            }
          } else {
            quiet = 0;
            end = t;
          }
        }
        end = Math.min(ops.length() - 1, end + context);
        if (out.length() == 0) {
          out.append("--- ").append(fromName).append('\n');
          out.append("+++ ").append(toName).append('\n');
        }
        int fromCount = 0;
        int toCount = 0;
        for (int t = start; t <= end; t++) {
          fromCount += ops.charAt(t) == '+' ? 0 : 1;
          toCount += ops.charAt(t) == '-' ? 0 : 1;
        }
        out.append("@@ -").append(at.get(start)[0] + 1).append(',').append(fromCount)
            .append(" +").append(at.get(start)[1] + 1).append(',').append(toCount)
            .append(" @@\n");
        for (int t = start; t <= end; t++) {
          if (printed++ >= maxLines) {
            return out.append("... (diff cut after ").append(maxLines).append(" lines)\n")
                .toString();
          }
          char op = ops.charAt(t);
          String line = op == '+' ? b.get(at.get(t)[1]) : a.get(at.get(t)[0]);
          out.append(op).append(line).append('\n');
        }
        k = end + 1;
      }
      return out.toString();
    }
  }
}
