package io.jgrad.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.jgrad.processor.Fixtures.assertNoInternalError;
import static io.jgrad.processor.Fixtures.compile;
import static io.jgrad.processor.Fixtures.source;

import com.google.testing.compile.Compilation;
import io.jgrad.processor.Fixtures.Fixture;
import org.junit.jupiter.api.Test;

/**
 * Rules of rules ({@code Foo_Frule.g(x, xDir).tangent()} in a {@code @Grad} method): what
 * compiles, and the errors, where they are, for what jgrad cannot differentiate through.
 */
class RulesOfRulesDiagnosticsTest {
  private static final String FORM = "jgrad differentiates a call of another @Grad method's rules"
      + " only with its accessor right after it";

  @Test
  void readingATangentAndAGradientCompilesCleanly() {
    Fixture foo = foo("""
        @Grad
        static double outer(double x, double[] a) {
          return x * Foo_Frule.g(x, 0.0, a, a).tangent() + Foo_Rrule.g(x, a).aBar()[0];
        }
        """);
    assertThat(compile(foo)).succeededWithoutWarnings();
  }

  @Test
  void aRuleOtherThanTheConvenienceOneIsAnErrorAtTheCall() {
    Fixture foo = foo("""
        @Grad
        static double outer(double x, double[] a) {
          return Foo_Rrule.gAdjoint(x, a, new double[a.length], 1.0, new double[1]);
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining(FORM).inFile(foo.file())
        .onLine(foo.line("return Foo_Rrule.gAdjoint"));
    assertNoInternalError(compilation);
  }

  @Test
  void aRuleCallNotReadThroughAnAccessorIsAnErrorAtTheCall() {
    Fixture foo = foo("""
        @Grad
        static double outer(double x, double[] a) {
          return Foo_Frule.g(x, 1.0, a, a).equals(null) ? x : 2 * x;
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining(FORM).inFile(foo.file())
        .onLine(foo.line("return Foo_Frule.g"));
    assertNoInternalError(compilation);
  }

  @Test
  void rulesOfAMethodThatWritesItsArrayAreRejectedWithTheParameter() {
    Fixture foo = foo("""
        @Grad
        static double scaled(double[] b) {
          b[0] *= 2;
          return b[0] * b[0];
        }

        @Grad
        static double outer(double[] b) {
          return Foo_Rrule.scaled(b).bBar()[0];
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining("outer reads the rules of test.Foo.scaled, which"
        + " jgrad cannot differentiate through: it writes its array parameter b")
        .inFile(foo.file()).onLine(foo.line("static double outer("));
    assertNoInternalError(compilation);
  }

  @Test
  void rulesOfAMethodReadingRulesHaveNoSecondOrderSoTheirReaderIsAnError() {
    Fixture foo = foo("""
        @Grad
        static double middle(double x) {
          return Foo_Rrule.g(x, new double[] {x}).xBar();
        }

        @Grad
        static double top(double x) {
          return Foo_Rrule.middle(x).xBar();
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining("top reads the rules of test.Foo.middle, which"
        + " have no second-order rules").inFile(foo.file()).onLine(foo.line("static double top("));
    assertNoInternalError(compilation);
  }

  @Test
  void theErrorSaysWhyTheTargetHasNoSecondOrderRules() {
    Fixture foo = foo("""
        @Grad
        static double middle(double x) {
          return Foo_Rrule.g(x, new double[] {x}).xBar();
        }

        @Grad
        static double caller(double x) {
          double y = Math.sin(x);
          for (int i = 0; i < 3; i++) {
            y = y * x + middle(y);
          }
          return y;
        }

        @Grad
        static double top(double x) {
          return Foo_Rrule.caller(x).xBar();
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining("top reads the rules of test.Foo.caller, which"
        + " have no second-order rules (it reads other methods' rules, itself or in a method it"
        + " calls)")
        .inFile(foo.file()).onLine(foo.line("static double top("));
    assertNoInternalError(compilation);
  }

  /** Class test.Foo with {@code g(double x, double[] a)} and {@code members}. */
  private static Fixture foo(String members) {
    return source("test.Foo", "package test;\n\nimport io.jgrad.Grad;\n\npublic class Foo {\n"
        + "  @Grad\n  static double g(double x, double[] a) {\n"
        + "    return x * x * a[0] + Math.sin(a[a.length - 1]);\n  }\n\n"
        + members.indent(2) + "}\n");
  }
}
