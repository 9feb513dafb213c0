package io.jgrad.ecj;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.Dual;
import io.jgrad.ecj.ClasspathCompileTest.Javac;
import io.jgrad.ecj.EcjCompileTest.EcjRun;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Custom rules compiled in an earlier build (a library and its {@code @CustomRules} class, as a
 * jar such as jgrad-hipparchus brings them) are found by a later build through the index next to
 * their classes, under javac's public API (as in a plain Maven build) and under ecj, and the
 * caller's rules call them.
 */
class CustomRulesClasspathTest {
  static final String LIBRARY = """
      package lib;

      public final class Lib {
        private Lib() {}

        /** jgrad cannot differentiate this body (a lambda): only the rules can. */
        public static double cube(double x) {
          java.util.function.DoubleUnaryOperator f = v -> v * v * v;
          return f.applyAsDouble(x);
        }
      }
      """;

  static final String RULES = """
      package rules;

      import io.jgrad.CustomRules;
      import io.jgrad.Dual;
      import lib.Lib;

      @CustomRules(Lib.class)
      public final class CubeRules {
        private CubeRules() {}

        public static Dual cube(double x, double xDot) {
          return new Dual(Lib.cube(x), 3 * x * x * xDot);
        }

        public static double cubeAdjoint(double x, double seed, double[] scalarBars) {
          scalarBars[0] += seed * 3 * x * x;
          return Lib.cube(x);
        }
      }
      """;

  static final String CALLER = """
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
      """;

  @TempDir static Path temp;

  /** Lib, CubeRules and the rules' adapters, compiled by javac with jgrad. */
  static Path library;

  @BeforeAll
  static void compileLibrary() throws Exception {
    Path src = temp.resolve("lib-src");
    library = temp.resolve("lib-classes");
    Javac run = Javac.compile(List.of(write(src, "lib/Lib.java", LIBRARY),
        write(src, "rules/CubeRules.java", RULES)), library, temp.resolve("lib-generated"),
        List.of());
    assertTrue(run.success(), run.describe());
    assertEquals("rules.CubeRules\n", Files.readString(library.resolve(
        "io/jgrad/rules/lib.Lib"), UTF_8));
  }

  @Test
  void javacFindsRulesCompiledEarlier() throws Exception {
    Path dir = temp.resolve("javac");
    Javac run = Javac.compile(List.of(write(dir.resolve("src"), "app/User.java", CALLER)),
        dir.resolve("classes"), dir.resolve("generated"), List.of(library.toString()));
    assertTrue(run.success(), run.describe());
    checkRules(dir.resolve("classes"));
  }

  /** As a dependency brings them: the library, the holder and the index in one jar. */
  @Test
  void javacFindsRulesInAJar() throws Exception {
    Path dir = temp.resolve("javac-jar");
    Path jar = jar(library, dir.resolve("lib.jar"));
    Javac run = Javac.compile(List.of(write(dir.resolve("src"), "app/User.java", CALLER)),
        dir.resolve("classes"), dir.resolve("generated"), List.of(jar.toString()));
    assertTrue(run.success(), run.describe());
    checkRules(dir.resolve("classes"));
  }

  @Test
  void ecjFindsRulesInAJar() throws Exception {
    Path dir = temp.resolve("ecj-jar");
    Path jar = jar(library, dir.resolve("lib.jar"));
    EcjRun run = EcjRun.compile(dir, List.of(write(dir.resolve("src"), "app/User.java",
        CALLER)), List.of(jar.toString()));
    assertTrue(run.success(), run.output());
    checkRules(run.classes());
  }

  @Test
  void ecjFindsRulesCompiledEarlier() throws Exception {
    Path dir = temp.resolve("ecj");
    EcjRun run = EcjRun.compile(dir, List.of(write(dir.resolve("src"), "app/User.java",
        CALLER)), List.of(library.toString()));
    assertTrue(run.success(), run.output());
    checkRules(run.classes());
  }

  /** Under ecj too, a rule whose signature matches no target method is an error at the rule. */
  @Test
  void ecjReportsAWrongSignatureAtTheRule() throws Exception {
    Path dir = temp.resolve("ecj-wrong");
    String wrong = RULES.replace("public static Dual cube(double x, double xDot)",
        "public static Dual cube(double x, float xDot)");
    EcjRun run = EcjRun.compile(dir, List.of(write(dir.resolve("src"), "rules/CubeRules.java",
        wrong)), List.of(library.toString()));
    assertTrue(!run.success(), run.output());
    int line = wrong.substring(0, wrong.indexOf("cube(double x, float xDot)")).split("\n", -1)
        .length;
    assertTrue(run.output().contains("(at line " + line + ")") && run.output().contains(
        "custom rule cube(double, float) matches no method of Lib: the signature jgrad expects"
        + " is, for Lib.cube(double): static Dual cube(double "), run.output());
  }

  /** f(x) = x^4 through cube's rule: f'(x) = 4 x^3 in both modes. */
  private static void checkRules(Path classes) throws Exception {
    double x = 1.5;
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL(),
        library.toUri().toURL()}, CustomRulesClasspathTest.class.getClassLoader())) {
      Method forward = loader.loadClass("app.User_Frule").getMethod("f", double.class,
          double.class);
      assertEquals(4 * x * x * x, ((Dual) forward.invoke(null, x, 1.0)).tangent(), 1e-12);
      Method adjoint = loader.loadClass("app.User_Rrule").getMethod("fAdjoint", double.class,
          double.class, double[].class);
      double[] bars = new double[1];
      adjoint.invoke(null, x, 1.0, bars);
      assertEquals(4 * x * x * x, bars[0], 1e-12);
      // second order through the adapters of the earlier build: f'' = 12 x^2
      Method hessian = loader.loadClass("app.User_Rrule").getMethod("fHessian", double.class);
      assertEquals(12 * x * x, ((double[][]) hessian.invoke(null, x))[0][0], 1e-12);
    }
  }

  /** A jar of the files under {@code classes}. */
  private static Path jar(Path classes, Path jar) throws Exception {
    Files.createDirectories(jar.getParent());
    try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar));
        var files = Files.walk(classes)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        out.putNextEntry(new java.util.jar.JarEntry(classes.relativize(f).toString()
            .replace('\\', '/')));
        out.write(Files.readAllBytes(f));
        out.closeEntry();
      }
    }
    return jar;
  }

  private static Path write(Path root, String relative, String text) throws Exception {
    Path file = root.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, UTF_8);
    return file;
  }
}
