package io.jgrad.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.jgrad.processor.Fixtures.assertNoInternalError;
import static io.jgrad.processor.Fixtures.compile;
import static io.jgrad.processor.Fixtures.source;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import io.jgrad.Dual;
import io.jgrad.processor.Fixtures.Fixture;
import io.jgrad.processor.Fixtures.GeneratedClasses;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Generated code compiles wherever the primal compiles (issue 8, items 10-13, 21): checked
 * exceptions, names that clash with generated names or with the classes the rules use, and
 * compilations jgrad cannot serve get an error at the {@code @Grad} method instead of an error
 * inside a generated file.
 */
class GeneratedCodeTest {
  @Test
  void everyRuleDeclaresTheCheckedExceptionsOfItsPrimal() throws Exception {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;
        import java.io.IOException;

        public class Foo {
          @Grad
          public static double f(double x) throws IOException {
            if (x > 1) {
              throw new IOException("x = " + x);
            }
            return x * x;
          }

          @Grad
          public static double g(double[] y) throws IOException, InterruptedException {
            return f(y[0]) * y[1];
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();
    GeneratedClasses classes = new GeneratedClasses(compilation);
    Class<?> forward = classes.load("test.Foo_Frule");
    Class<?> reverse = classes.load("test.Foo_Rrule");
    for (Class<?> rules : List.of(forward, reverse)) {
      for (Method m : rules.getDeclaredMethods()) {
        List<Class<?>> thrown = Arrays.asList(m.getExceptionTypes());
        assertEquals(true, thrown.contains(IOException.class), m.toString());
      }
    }
    Method f = forward.getMethod("f", double.class, double.class);
    assertEquals(new Dual(0.25, 1.0), f.invoke(null, 0.5, 1.0));
    InvocationTargetException thrown = assertThrows(InvocationTargetException.class,
        () -> f.invoke(null, 2.0, 1.0));
    assertInstanceOf(IOException.class, thrown.getCause());
    Method gAdjoint = reverse.getMethod("gAdjoint", double[].class, double[].class,
        double.class);
    double[] yBar = new double[2];
    assertEquals(0.75, gAdjoint.invoke(null, new double[] {0.5, 3.0}, yBar, 1.0));
    assertArrayEquals(new double[] {3.0, 0.25}, yBar, 0.0);
  }

  @Test
  void methodsWhoseNamesDifferInCaseGetDistinctRecords() throws Exception {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double f(double x) {
            return x * x;
          }

          @Grad
          public static double F(double x) {
            return 3 * x;
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();
    Class<?> reverse = new GeneratedClasses(compilation).load("test.Foo_Rrule");
    Object small = reverse.getMethod("f", double.class).invoke(null, 2.0);
    Object large = reverse.getMethod("F", double.class).invoke(null, 2.0);
    assertEquals("fGradient", small.getClass().getSimpleName());
    assertEquals("FGradient", large.getClass().getSimpleName());
    assertEquals(4.0, small.getClass().getMethod("xBar").invoke(small));
    assertEquals(3.0, large.getClass().getMethod("xBar").invoke(large));
  }

  /** A class named Math in the package: the rules must still call java.lang.Math. */
  @Test
  void userClassNamedLikeAJavaLangClassIsNotUsedByTheRules() throws Exception {
    Fixture math = source("test.Math", """
        package test;

        public final class Math {
          public static double sin(double x) {
            return 42;
          }

          public static double cos(double x) {
            return 43;
          }
        }
        """);
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double f(double x) {
            return java.lang.Math.sin(x) * java.lang.Math.PI;
          }
        }
        """);
    Compilation compilation = compile(math, foo);
    assertThat(compilation).succeededWithoutWarnings();
    Class<?> forward = new GeneratedClasses(compilation).load("test.Foo_Frule");
    Dual d = (Dual) forward.getMethod("f", double.class, double.class).invoke(null, 0.5, 1.0);
    assertEquals(java.lang.Math.sin(0.5) * java.lang.Math.PI, d.value(), 0.0);
    assertEquals(java.lang.Math.cos(0.5) * java.lang.Math.PI, d.tangent(), 0.0);
  }

  /** Parameters and locals named like classes the rules use would hide those classes. */
  @Test
  void variablesNamedLikeClassesTheRulesUseAreRenamed() throws Exception {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double f(double Snapshots, double[] Tapes, int Foo_Rrule) {
            double Dual = Snapshots * Tapes[0];
            Tapes[0] = Dual * Dual;
            double java = Tapes[1];
            return Tapes[0] + java + Foo_Rrule;
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();
    Class<?> reverse = new GeneratedClasses(compilation).load("test.Foo_Rrule");
    double[] tapes = {2.0, 5.0};
    double[] tapesBar = new double[2];
    double[] scalarBars = new double[1];
    Object value = reverse.getMethod("fAdjoint", double.class, double[].class, double[].class,
        int.class, double.class, double[].class).invoke(null, 3.0, tapes, tapesBar, 1, 1.0,
        scalarBars);
    assertEquals(36.0 + 5.0 + 1, value);
    assertArrayEquals(new double[] {36.0, 5.0}, tapes, 0.0);
    // (s t)^2: d/ds = 2 s t^2, d/dt = 2 s^2 t
    assertArrayEquals(new double[] {36.0, 1.0}, tapesBar, 0.0);
    assertEquals(24.0, scalarBars[0], 0.0);
  }

  @Test
  void userClassNamedLikeTheRulesIsAnErrorAtTheGradMethods() {
    Fixture rules = source("test.Foo_Rrule", """
        package test;

        public class Foo_Rrule {
        }
        """);
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double f(double x) {
            return x * x;
          }
        }
        """);
    Compilation compilation = compile(rules, foo);
    assertThat(compilation).hadErrorContaining("jgrad generates class test.Foo_Rrule for the"
        + " @Grad methods of test.Foo, but a class of that name is declared in the sources;"
        + " rename one of the classes").inFile(foo.file()).onLine(foo.line("double f("));
    assertNoInternalError(compilation);
  }

  @Test
  void nestedClassAndTopLevelClassWithTheSameRuleNamesAreErrors() {
    Fixture outer = source("test.Outer", """
        package test;

        import io.jgrad.Grad;

        public class Outer {
          public static class Inner {
            @Grad
            public static double nested(double x) {
              return x * x;
            }
          }
        }
        """);
    Fixture topLevel = source("test.Outer_Inner", """
        package test;

        import io.jgrad.Grad;

        public class Outer_Inner {
          @Grad
          public static double topLevel(double x) {
            return x + x;
          }
        }
        """);
    Compilation compilation = compile(outer, topLevel);
    assertThat(compilation).hadErrorContaining("jgrad generates class test.Outer_Inner_Frule"
        + " for the @Grad methods of test.Outer_Inner, but it is also the name of the rules of"
        + " test.Outer.Inner");
    assertNoInternalError(compilation);
  }

  @Test
  void releaseWithoutRecordsIsAnErrorNamingTheMinimum() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double f(double x) {
            return x * x;
          }
        }
        """);
    Compilation compilation = compile(List.of("--release", "11"), foo);
    assertThat(compilation).hadErrorContaining("@Grad method f: jgrad's rules use records,"
        + " which need Java 16 or later, but this compilation targets Java 11; compile with"
        + " --release 16 or later").inFile(foo.file()).onLine(foo.line("double f("));
    assertThat(compilation).hadErrorCount(1);
  }

  /** 64 doubles: 256 slots with interleaved tangents, so the forward rule packs them. */
  @Test
  void manyScalarParametersGetPackedTangents() throws Exception {
    StringBuilder params = new StringBuilder();
    StringBuilder body = new StringBuilder("double s = 0;\n");
    StringBuilder call = new StringBuilder();
    for (int k = 0; k < 64; k++) {
      params.append(k > 0 ? ", " : "").append("double a").append(k);
      body.append("    s += (").append(k + 1).append(" + a").append(k).append(") * a")
          .append(k).append(";\n");
      call.append(k > 0 ? ", " : "").append("x * ").append(k + 1);
    }
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double f(%s) {
            %s
            return s;
          }

          @Grad
          public static double g(double x) {
            return f(%s);
          }
        }
        """.formatted(params, body, call));
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();
    GeneratedClasses classes = new GeneratedClasses(compilation);
    Class<?>[] types = new Class<?>[65];
    Arrays.fill(types, double.class);
    types[64] = double[].class;
    Object[] args = new Object[65];
    double[] dots = new double[64];
    double expectedTangent = 0;
    for (int k = 0; k < 64; k++) {
      double a = 0.01 * k;
      args[k] = a;
      dots[k] = k % 3 - 1;
      expectedTangent += (k + 1 + 2 * a) * dots[k]; // d/da (k + 1 + a) a
    }
    args[64] = dots;
    Dual d = (Dual) classes.load("test.Foo_Frule").getMethod("f", types).invoke(null, args);
    assertEquals(expectedTangent, d.tangent(), 1e-12);
    // g(x) = sum (k + 1 + (k + 1) x) (k + 1) x: g'(x) = sum (k + 1)^2 (1 + 2 x)
    double x = 0.5;
    double expected = 0;
    for (int k = 0; k < 64; k++) {
      expected += (k + 1.0) * (k + 1.0) * (1 + 2 * x);
    }
    Dual g = (Dual) classes.load("test.Foo_Frule").getMethod("g", double.class, double.class)
        .invoke(null, x, 1.0);
    assertEquals(expected, g.tangent(), 1e-9);
    Object gradient = classes.load("test.Foo_Rrule").getMethod("g", double.class)
        .invoke(null, x);
    assertEquals(expected, (double) gradient.getClass().getMethod("xBar").invoke(gradient),
        1e-9);
  }

  @Test
  void signaturesPastTheJvmLimitAreAnErrorAtTheMethod() {
    StringBuilder params = new StringBuilder();
    for (int k = 0; k < 130; k++) {
      params.append(k > 0 ? ", " : "").append("double[] a").append(k);
    }
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double f(%s) {
            return a0[0];
          }
        }
        """.formatted(params));
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining("@Grad method Foo.f has too many parameters for"
        + " its rules: its forward rule would need 260 parameter slots, more than the JVM's 255")
        .inFile(foo.file()).onLine(foo.line("double f("));
    assertNoInternalError(compilation);
  }
}
