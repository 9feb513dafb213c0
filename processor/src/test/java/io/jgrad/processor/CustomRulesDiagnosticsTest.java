package io.jgrad.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.jgrad.processor.Fixtures.assertNoInternalError;
import static io.jgrad.processor.Fixtures.compile;
import static io.jgrad.processor.Fixtures.source;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.jgrad.processor.Fixtures.Fixture;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Custom rules ({@code @CustomRules}): what compiles, the errors at the holder for rules whose
 * signature does not match their target (with the expected signature), at calls for what cannot
 * be resolved, and the rules of a holder compiled earlier, found on the class path.
 */
class CustomRulesDiagnosticsTest {
  /** A library without source in the caller's build, or with: it does not matter. */
  private static final Fixture LIB = source("lib.Lib", """
      package lib;

      public final class Lib {
        private Lib() {}

        public static double cube(double x) {
          java.util.function.DoubleUnaryOperator f = v -> v * v * v;
          return f.applyAsDouble(x);
        }

        public static double cube(double x, int n) {
          return Math.pow(x, 3 * n);
        }

        public double instance(double x) {
          return x;
        }

        public static double jitter(double x) {
          return x + Math.random();
        }
      }
      """);

  private static final String CUBE_RULES = """
      public static Dual cube(double x, double xDot) {
        return new Dual(Lib.cube(x), 3 * x * x * xDot);
      }

      public static double cubeAdjoint(double x, double seed, double[] scalarBars) {
        scalarBars[0] += seed * 3 * x * x;
        return Lib.cube(x);
      }
      """;

  private static final Fixture USER = source("app.User", """
      package app;

      import io.jgrad.Grad;
      import lib.Lib;

      public final class User {
        private User() {}

        @Grad
        public static double f(double x) {
          return Lib.cube(x) * x;
        }
      }
      """);

  @Test
  void aTargetJgradCannotDifferentiateItselfWorksThroughItsRules() {
    Compilation compilation = compile(LIB, holder(CUBE_RULES), USER);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("rules.CubeRules_Frule");
    assertThat(compilation).generatedSourceFile("rules.CubeRules_Rrule");
    assertThat(compilation).generatedSourceFile("app.User_Rrule");
  }

  @Test
  void withoutTheRulesTheCallIsAnError() {
    Compilation compilation = compile(LIB, USER);
    // jgrad then differentiates cube's body, which it cannot: errors there and at the caller
    assertThat(compilation).hadErrorContaining("a lambda expression is not supported")
        .inFile(LIB.file()).onLine(LIB.line("v -> v * v * v"));
    assertThat(compilation).hadErrorContaining("f calls lib.Lib.cube_double, which jgrad cannot"
        + " differentiate").inFile(USER.file()).onLine(USER.line("public static double f("));
    assertNoInternalError(compilation);
  }

  @Test
  void aRuleWithAnotherSignatureIsAnErrorThatSaysWhichOneIsExpected() {
    Fixture holder = holder("""
        public static Dual cube(double x, float xDot) {
          return new Dual(Lib.cube(x), 3 * x * x * xDot);
        }

        public static double cubeAdjoint(double x, double seed, double[] scalarBars) {
          return Lib.cube(x);
        }
        """);
    Compilation compilation = compile(LIB, holder);
    assertThat(compilation).hadErrorContaining("custom rule cube(double, float) matches no"
        + " method of Lib: the signature jgrad expects is, for Lib.cube(double): static Dual"
        + " cube(double x, double xDot); for Lib.cube(double, int): static Dual cube(double x,"
        + " double xDot, int n)").inFile(holder.file()).onLine(holder.line("Dual cube("));
    assertThat(compilation).hadErrorContaining("the custom rules for Lib.cube(double) need a"
        + " forward rule too: static Dual cube(double x, double xDot)").inFile(holder.file())
        .onLine(holder.line("double cubeAdjoint("));
    assertNoInternalError(compilation);
  }

  @Test
  void aMissingReverseRuleIsAnErrorAtTheForwardRule() {
    Fixture holder = holder("""
        public static Dual cube(double x, double xDot) {
          return new Dual(Lib.cube(x), 3 * x * x * xDot);
        }
        """);
    Compilation compilation = compile(LIB, holder);
    assertThat(compilation).hadErrorContaining("the custom rules for Lib.cube(double) need a"
        + " reverse rule too: static double cubeAdjoint(double x, double seed, double[]"
        + " scalarBars)").inFile(holder.file()).onLine(holder.line("Dual cube("));
    assertNoInternalError(compilation);
  }

  @Test
  void aRuleForAnInstanceMethodIsAnError() {
    Fixture holder = holder("""
        public static Dual instance(double x, double xDot) {
          return new Dual(x, xDot);
        }
        """);
    Compilation compilation = compile(LIB, holder);
    assertThat(compilation).hadErrorContaining("custom rule instance is named after a method of"
        + " Lib that is not static; custom rules are for static methods")
        .inFile(holder.file()).onLine(holder.line("Dual instance("));
    assertNoInternalError(compilation);
  }

  @Test
  void anUnknownZeroDerivativeNameIsAnErrorAtTheHolder() {
    Fixture holder = source("rules.CubeRules", """
        package rules;

        import io.jgrad.CustomRules;
        import lib.Lib;

        @CustomRules(value = Lib.class, zeroDerivative = {"jitter", "jiter"})
        public final class CubeRules {
          private CubeRules() {}
        }
        """);
    Compilation compilation = compile(LIB, holder);
    assertThat(compilation).hadErrorContaining("@CustomRules(zeroDerivative = \"jiter\"): Lib has"
        + " no static method named jiter").inFile(holder.file())
        .onLine(holder.line("public final class CubeRules"));
    assertNoInternalError(compilation);
  }

  @Test
  void rulesForMathAreAnError() {
    Fixture holder = source("rules.MathRules", """
        package rules;

        import io.jgrad.CustomRules;

        @CustomRules(Math.class)
        public final class MathRules {
          private MathRules() {}
        }
        """);
    Compilation compilation = compile(holder);
    assertThat(compilation).hadErrorContaining("jgrad has built-in rules for the functions of"
        + " java.lang.Math").inFile(holder.file()).onLine(holder.line("class MathRules"));
    assertNoInternalError(compilation);
  }

  @Test
  void aHolderWithoutRulesIsAnError() {
    Fixture holder = holder("""
        public static double helper(double x) {
          return x;
        }
        """);
    Compilation compilation = compile(LIB, holder);
    assertThat(compilation).hadErrorContaining("CubeRules holds no rules for Lib")
        .inFile(holder.file()).onLine(holder.line("public final class CubeRules"));
    assertNoInternalError(compilation);
  }

  @Test
  void twoHoldersForOneTargetMakeItsCallsAnError() {
    Fixture other = source("rules.OtherRules", holderText("OtherRules", CUBE_RULES));
    Compilation compilation = compile(LIB, holder(CUBE_RULES), other, USER);
    assertThat(compilation).hadErrorContaining("it has custom rules in several classes of this"
        + " build (rules.CubeRules, rules.OtherRules), and jgrad cannot tell which to use")
        .inFile(USER.file()).onLine(USER.line("return Lib.cube"));
    assertNoInternalError(compilation);
  }

  @Test
  void zeroDerivativeTargetsAreCalledAsTheyAre() {
    Fixture holder = source("rules.CubeRules", """
        package rules;

        import io.jgrad.CustomRules;
        import lib.Lib;

        @CustomRules(value = Lib.class, zeroDerivative = "jitter")
        public final class CubeRules {
          private CubeRules() {}
        }
        """);
    Fixture user = source("app.Noisy", """
        package app;

        import io.jgrad.Grad;
        import lib.Lib;

        public final class Noisy {
          private Noisy() {}

          @Grad
          public static double f(double x) {
            return x * Lib.jitter(x);
          }
        }
        """);
    assertThat(compile(LIB, holder, user)).succeededWithoutWarnings();
  }

  @Test
  void aPrivateZeroDerivativeMethodIsAnErrorAtTheCall() {
    Fixture user = source("app.Draws", """
        package app;

        import io.jgrad.Grad;
        import io.jgrad.ZeroDerivative;

        public final class Draws {
          private Draws() {}

          @ZeroDerivative
          private static double draw(double x) {
            return Math.floor(x);
          }

          @Grad
          public static double f(double x) {
            return x * draw(x);
          }
        }
        """);
    Compilation compilation = compile(user);
    assertThat(compilation).hadErrorContaining("Draws.draw(double) is @ZeroDerivative, so the"
        + " rules call it as it is, but it is private").inFile(user.file())
        .onLine(user.line("return x * draw(x)"));
    assertNoInternalError(compilation);
  }

  @Test
  void aReverseRuleJgradCannotDifferentiateLeavesANoteAndNoSecondOrder() {
    Fixture holder = holder("""
        public static Dual cube(double x, double xDot) {
          return new Dual(Lib.cube(x), 3 * x * x * xDot);
        }

        public static double cubeAdjoint(double x, double seed, double[] scalarBars) {
          try {
            scalarBars[0] += seed * 3 * x * x;
          } finally {
            x = 0;
          }
          return Lib.cube(x);
        }
        """);
    Compilation compilation = compile(LIB, holder, USER);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).hadNoteContaining("jgrad cannot differentiate the reverse rule"
        + " cubeAdjoint (line ").inFile(holder.file()).onLine(holder.line("cubeAdjoint("));
    assertThat(compilation).hadNoteContaining("so the methods calling Lib.cube(double) get no"
        + " second-order rules");
  }

  @Test
  void aCustomRuleWinsOverTheGeneratedRulesOfAGradTarget() throws Exception {
    Fixture target = source("lib.Squares", """
        package lib;

        import io.jgrad.Grad;

        public final class Squares {
          private Squares() {}

          @Grad
          public static double sq(double x) {
            return x * x;
          }
        }
        """);
    Fixture holder = source("rules.SquareRules", """
        package rules;

        import io.jgrad.CustomRules;
        import io.jgrad.Dual;
        import lib.Squares;

        @CustomRules(Squares.class)
        public final class SquareRules {
          private SquareRules() {}

          public static Dual sq(double x, double xDot) {
            return new Dual(Squares.sq(x), 2 * x * xDot);
          }

          public static double sqAdjoint(double x, double seed, double[] scalarBars) {
            scalarBars[0] += seed * 2 * x;
            return Squares.sq(x);
          }
        }
        """);
    Fixture user = source("app.Sums", """
        package app;

        import io.jgrad.Grad;
        import lib.Squares;

        public final class Sums {
          private Sums() {}

          @Grad
          public static double f(double x) {
            return Squares.sq(x) + x;
          }
        }
        """);
    Compilation compilation = compile(target, holder, user);
    assertThat(compilation).succeededWithoutWarnings();
    String rules = compilation.generatedSourceFile("app.Sums_Rrule").orElseThrow()
        .getCharContent(true).toString();
    assertTrue(rules.contains("SquareRules_Rrule.Squares_sqForward("), rules);
    assertTrue(rules.contains("SquareRules_Rrule.Squares_sqReverse("), rules);
    assertThat(compilation).generatedSourceFile("lib.Squares_Rrule"); // its own, still
  }

  @Test
  void aZeroDerivativeMethodThatWritesItsArrayIsAnError() {
    Fixture user = source("app.Grids", """
        package app;

        import io.jgrad.Grad;
        import io.jgrad.ZeroDerivative;

        public final class Grids {
          private Grids() {}

          @ZeroDerivative
          static double snap(double[] grid, double x) {
            grid[0] = x;
            return Math.floor(x);
          }

          @Grad
          public static double f(double[] grid, double x) {
            return x * snap(grid, x);
          }
        }
        """);
    Compilation compilation = compile(user);
    assertThat(compilation).hadErrorContaining("may write its array parameter grid")
        .inFile(user.file());
    assertNoInternalError(compilation);
  }

  /**
   * The rules of a holder compiled earlier come from its class files and the index next to them:
   * the caller's build has no source of the holder or the library, only their classes.
   */
  @Test
  void rulesCompiledEarlierAreFoundOnTheClassPath(@TempDir Path dir) throws Exception {
    Compilation library = compile(LIB, holder(CUBE_RULES));
    assertThat(library).succeededWithoutWarnings();
    Path classes = Files.createDirectories(dir.resolve("lib-classes"));
    for (JavaFileObject file : library.generatedFiles()) {
      String path = file.toUri().getPath();
      if (path.contains("/CLASS_OUTPUT/")) {
        Path target = classes.resolve(path.substring(path.indexOf("/CLASS_OUTPUT/")
            + "/CLASS_OUTPUT/".length()));
        Files.createDirectories(target.getParent());
        try (InputStream in = file.openInputStream()) {
          Files.write(target, in.readAllBytes());
        }
      }
    }
    assertTrue(Files.exists(classes.resolve("io/jgrad/rules/lib.Lib")),
        "the index of the holders");
    assertEquals("rules.CubeRules\n", Files.readString(classes.resolve(
        "io/jgrad/rules/lib.Lib"), UTF_8));
    // compile-testing's file manager
    Compilation callers = Compiler.javac().withProcessors(new GradProcessor())
        .withClasspath(List.of(classes.toFile(), new File(ClasspathTest.runtimeJar())))
        .compile(JavaFileObjects.forSourceString("app.User", USER.text()));
    assertThat(callers).succeededWithoutWarnings();
    // javac's own file manager on folders, as Maven runs it; then the rules run
    Path out = Files.createDirectories(dir.resolve("app-classes"));
    Path generated = Files.createDirectories(dir.resolve("generated"));
    Path source = ClasspathTest.write(dir.resolve("src"), "app/User.java", USER.text());
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    boolean ok;
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, UTF_8)) {
      ok = javac.getTask(null, files, diagnostics, List.of("-classpath", classes
              + File.pathSeparator + ClasspathTest.runtimeJar(), "-d", out.toString(), "-s",
              generated.toString()), null, files.getJavaFileObjects(source.toFile()))
          .call();
    }
    assertTrue(ok, () -> ClasspathTest.describe(diagnostics.getDiagnostics()));
    try (URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL(),
        classes.toUri().toURL()}, getClass().getClassLoader())) {
      // f(x) = x^4: f'(x) = 4 x^3, from cube's rule 3 x^2 times x plus x^3
      Object dual = loader.loadClass("app.User_Frule").getMethod("f", double.class,
          double.class).invoke(null, 1.5, 1.0);
      assertEquals(4 * 1.5 * 1.5 * 1.5, (double) dual.getClass().getMethod("tangent")
          .invoke(dual), 1e-12);
      Object gradient = loader.loadClass("app.User_Rrule").getMethod("f", double.class)
          .invoke(null, 1.5);
      assertEquals(4 * 1.5 * 1.5 * 1.5, (double) gradient.getClass().getMethod("xBar")
          .invoke(gradient), 1e-12);
    }
    List<String> written = new ArrayList<>();
    try (var listing = Files.walk(generated)) {
      listing.filter(Files::isRegularFile).forEach(p -> written.add(generated.relativize(p)
          .toString()));
    }
    assertEquals(List.of("app/User_Frule.java", "app/User_Rrule.java"), written.stream()
        .sorted().toList(), "the holder's adapters come from its own build");
  }

  private static Fixture holder(String members) {
    return source("rules.CubeRules", holderText("CubeRules", members));
  }

  private static String holderText(String name, String members) {
    return "package rules;\n\nimport io.jgrad.CustomRules;\nimport io.jgrad.Dual;\n"
        + "import lib.Lib;\n\n@CustomRules(Lib.class)\npublic final class " + name + " {\n"
        + "  private " + name + "() {}\n\n" + members.indent(2) + "}\n";
  }
}
