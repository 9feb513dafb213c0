package io.jgrad.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Incremental builds (issue 8, item 15): when only the edited file is compiled again, with the
 * other classes (a {@code @Grad} callee, a constant) on the class path only, its rules are
 * generated again from the edited source, never skipped with a warning that leaves the old ones.
 */
class StaleRulesTest {
  private static final String LIBRARY = """
      package lib;

      import io.jgrad.Grad;

      public final class B {
        public static final double K = 1.5;

        @Grad
        public static double g(double x) {
          return x * x;
        }
      }
      """;

  private static String caller(String function) {
    return """
        package app;

        import io.jgrad.Grad;
        import lib.B;

        public final class A {
          @Grad
          public static double f(double x) {
            return Math.%s(B.g(x)) * B.K;
          }
        }
        """.formatted(function);
  }

  private static double derivative(ClassLoader loader, double x) throws Exception {
    Object gradient = loader.loadClass("app.A_Rrule").getMethod("f", double.class)
        .invoke(null, x);
    Method primal = loader.loadClass("app.A").getMethod("f", double.class);
    assertEquals((double) primal.invoke(null, x),
        (double) gradient.getClass().getMethod("value").invoke(gradient), 0.0);
    return (double) gradient.getClass().getMethod("xBar").invoke(gradient);
  }

  @Test
  void recompilingOnlyTheEditedFileRegeneratesItsRules(@TempDir Path dir) throws Exception {
    Javac javac = new Javac(dir);
    Path library = javac.write("lib/B.java", LIBRARY);
    Path app = javac.write("app/A.java", caller("sin"));
    javac.compileCleanly(library, app);
    double x = 0.75;
    assertEquals(Math.cos(x * x) * 2 * x * 1.5, derivative(javac.loader(), x), 1e-15);

    javac.write("app/A.java", caller("cos")); // the edit; B is on the class path only now
    List<Diagnostic<? extends JavaFileObject>> diagnostics = javac.compile(app);
    assertTrue(diagnostics.stream().noneMatch(d -> d.getKind() == Diagnostic.Kind.ERROR
        || d.getKind() == Diagnostic.Kind.WARNING), () -> diagnostics.toString());
    assertEquals(-Math.sin(x * x) * 2 * x * 1.5, derivative(javac.loader(), x), 1e-15);
  }

  /** A @Grad method that cannot be differentiated fails the build: no rules, old or new. */
  @Test
  void aMethodThatCannotBeResolvedFailsTheBuild(@TempDir Path dir) throws Exception {
    Javac javac = new Javac(dir);
    Path library = javac.write("lib/B.java", LIBRARY);
    Path app = javac.write("app/A.java", caller("sin"));
    javac.compileCleanly(library, app);
    javac.write("app/A.java", caller("sin").replace("B.g(x)", "B.h(x)"));
    List<Diagnostic<? extends JavaFileObject>> diagnostics = javac.compile(app);
    assertTrue(diagnostics.stream().anyMatch(d -> d.getKind() == Diagnostic.Kind.ERROR
        && d.getMessage(Locale.ROOT).contains("jgrad cannot generate the rules of @Grad method"
        + " f")), () -> diagnostics.toString());
  }
}
