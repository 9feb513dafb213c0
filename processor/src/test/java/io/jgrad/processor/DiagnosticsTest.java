package io.jgrad.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static io.jgrad.processor.Fixtures.assertNoErrorContaining;
import static io.jgrad.processor.Fixtures.assertNoInternalError;
import static io.jgrad.processor.Fixtures.compile;
import static io.jgrad.processor.Fixtures.errorMessages;
import static io.jgrad.processor.Fixtures.source;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.jgrad.Dual;
import io.jgrad.processor.Fixtures.Fixture;
import io.jgrad.processor.Fixtures.GeneratedClasses;
import io.jgrad.Grad;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The processor's compile errors under javac: each unsupported construct is reported in the right
 * file, on the line of the offending code, with a message that says how to fix it; valid code gets
 * no diagnostic at all; and no input makes the processor fail internally.
 *
 * <p>Most fixtures are one method {@code f(double x, double[] a, int n)} in class {@code test.Foo}
 * (see {@link #method}); lines are found by a marker text that occurs once in the fixture.
 *
 * <p>Array code (writes, local arrays, matrices, array results) is valid since arrays landed; the
 * tests for it check that it compiles cleanly, and the corpus checks its derivatives.
 */
class DiagnosticsTest {
  private static final String NOT_SUPPORTED = "is not supported in a @Grad method";

  // ------------------------------------------------------------------------------------------
  // Body constructs: one test per construct, the error on the offending line.

  @Test
  void tryStatementIsRejectedAtTheTry() {
    Fixture foo = method("""
        double y = 0;
        try {
          y = Math.sin(x);
        } catch (RuntimeException e) {
          y = 1;
        }
        return y;
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("a try statement " + NOT_SUPPORTED
            + ": jgrad cannot differentiate through exception handlers; catch exceptions in the"
            + " caller of the @Grad method")
        .inFile(foo.file()).onLine(foo.line("try {")).atColumn(5);
    assertNoInternalError(compilation);
  }

  /** Arrays landed: enhanced for over an array is valid code. */
  @Test
  void enhancedForOverArrayIsAccepted() {
    Fixture foo = method("""
        double s = 0;
        for (double v : a) {
          s += v * x;
        }
        return s;
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();
  }

  /** README: lambdas are "compile errors that say so and how to rewrite". */
  @Test
  void lambdaIsRejectedOnItsLineWithTheInlineFix() {
    Fixture foo = method("""
        java.util.function.DoubleUnaryOperator g = v -> v * v;
        return g.applyAsDouble(x);
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining(
            "write the computation inline, or as a static method (jgrad differentiates it too)")
        .inFile(foo.file()).onLine(foo.line("v -> v * v"));
    assertNoInternalError(compilation);
  }

  @Test
  void methodReferenceIsRejectedOnItsLineWithTheInlineFix() {
    Fixture foo = method("""
        java.util.function.DoubleUnaryOperator g = Math::sin;
        return g.applyAsDouble(x);
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining(
            "write the computation inline, or as a static method (jgrad differentiates it too)")
        .inFile(foo.file()).onLine(foo.line("Math::sin"));
    assertNoInternalError(compilation);
  }

  @Test
  void newObjectAsStatementIsRejectedWithAFix() {
    Fixture foo = method("""
        new Object();
        return x;
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("creating an object (new Object)")
        .inFile(foo.file()).onLine(foo.line("new Object()")).atColumn(5);
    assertThat(compilation)
        .hadErrorContaining("objects and new arrays are not differentiated yet")
        .inFile(foo.file()).onLine(foo.line("new Object()"));
    assertNoInternalError(compilation);
  }

  @Test
  void objectLocalIsRejectedOnItsDeclarationLine() {
    Fixture foo = method("""
        double y = x;
        Object o = new Object();
        return y;
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("local variable o of type Object " + NOT_SUPPORTED
            + ": use double, float, double[], double[][] or double[][][] locals, records, arrays"
            + " of records and objects of classes used as values (differentiated), or int, long,"
            + " boolean, String, enum locals and arrays of int, long, boolean or String (data)")
        .inFile(foo.file()).onLine(foo.line("Object o"));
    assertNoInternalError(compilation);
  }

  /** Issue 9, item 6: arrays of data are valid code; arrays of objects are not (yet). */
  @Test
  void intArrayLocalIsAcceptedAndAnObjectArrayIsRejected() {
    Fixture foo = method("""
        int[] order = new int[3];
        order[1] = n;
        Object[] boxes = new Object[2];
        return x * order[1];
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("local variable boxes of type Object[] " + NOT_SUPPORTED)
        .inFile(foo.file()).onLine(foo.line("Object[] boxes"));
    assertNoErrorContaining(compilation, "order");
    assertNoInternalError(compilation);
  }

  /** Arrays landed: local arrays with initialisers are valid code. */
  @Test
  void localArrayWithInitializerIsAccepted() {
    Fixture foo = method("""
        double[] b = {x, 2 * x};
        return b[0] * b[1];
        """);
    assertThat(compile(foo)).succeededWithoutWarnings();
  }

  /** A rejected local must not make every later use of it a second, misleading error. */
  @Test
  void usesOfARejectedLocalAreNotCalledFieldReads() {
    Fixture foo = method("""
        Integer k = n;
        return x * k;
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("local variable k of type Integer " + NOT_SUPPORTED)
        .inFile(foo.file()).onLine(foo.line("Integer k"));
    assertNoErrorContaining(compilation, "reading field k");
    assertNoInternalError(compilation);
  }

  /** Arrays landed: element writes are valid code. */
  @Test
  void arrayElementWriteIsAccepted() {
    Fixture foo = method("""
        a[0] = x;
        return x * a[0];
        """);
    assertThat(compile(foo)).succeededWithoutWarnings();
  }

  @Test
  void compoundArrayElementWriteIsAccepted() {
    Fixture foo = method("""
        for (int i = 0; i < a.length; i++) {
          a[i] += 1;
        }
        return x * a[0];
        """);
    assertThat(compile(foo)).succeededWithoutWarnings();
  }

  /**
   * {@code this} cannot appear in a static method: the error must say so (javac's own error or
   * jgrad's "@Grad methods are static"), not blame imports and the classpath.
   */
  @Test
  void thisIsReportedAsAStaticContextError() {
    Fixture foo = method("""
        double y = x;
        return y * this.hashCode();
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("static")
        .inFile(foo.file()).onLine(foo.line("this.hashCode()"));
    assertNoErrorContaining(compilation, "check the imports and the classpath");
    assertNoInternalError(compilation);
  }

  @Test
  void instanceFieldReadIsReportedAsAStaticContextError() {
    Fixture foo = method("""
        double y = x;
        return y * scale;
        """, """
        double scale = 2;
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("static")
        .inFile(foo.file()).onLine(foo.line("y * scale"));
    assertNoErrorContaining(compilation, "check the imports and the classpath");
    assertNoInternalError(compilation);
  }

  @Test
  void staticNonFinalFieldReadIsRejectedWithThePassAsParameterFix() {
    Fixture foo = method("""
        double y = x;
        return y * scale;
        """, """
        static double scale = 2;
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("reading static field Foo.scale, which is not final, is not supported"
            + " in a @Grad method: the rules could read a different value than the primal did;"
            + " make it final, or pass the value in as a parameter")
        .inFile(foo.file()).onLine(foo.line("y * scale"));
    assertNoInternalError(compilation);
  }

  @Test
  void staticFieldWriteIsRejected() {
    Fixture foo = method("""
        calls++;
        TOTAL = x;
        return x;
        """, """
        static int calls;
        static double TOTAL;
        """);
    Compilation compilation = compile(foo);
    String fix = " is not supported in a @Grad method: a @Grad method (and what it calls) must not"
        + " change static state; use a local variable, or write outputs into an array parameter";
    assertThat(compilation).hadErrorContaining("assigning to static field Foo.calls" + fix)
        .inFile(foo.file()).onLine(foo.line("calls++"));
    assertThat(compilation).hadErrorContaining("assigning to static field Foo.TOTAL" + fix)
        .inFile(foo.file()).onLine(foo.line("TOTAL = x"));
    assertNoInternalError(compilation);
  }

  @Test
  void writingIntoAStaticFinalTableIsRejected() {
    Fixture foo = method("""
        double[] w = TABLE;
        w[0] = x;
        return w[1] * x;
        """, """
        static final double[] TABLE = {1, 2};
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining("@Grad method f writes into the static final array"
        + " TABLE: jgrad reads static final arrays as constants; write into a copy instead"
        + " (TABLE.clone())").inFile(foo.file()).onLine(foo.line("double f("));
    assertNoInternalError(compilation);
  }

  @Test
  void staticFinalFieldsOfAnyInitialiserAreReadAsConstants() throws Exception {
    Fixture foo = method("""
        return x * SQRT2 + TABLE[1] * x * x + HIDDEN;
        """, """
        static final double SQRT2 = Math.sqrt(2);
        static final double[] TABLE = {1, Math.log(3)};
        private static final double HIDDEN = Math.exp(1);
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();
    Class<?> forward = new GeneratedClasses(compilation).load("test.Foo_Frule");
    Dual d = (Dual) forward.getMethod("f", double.class, double.class, double[].class,
        double[].class, int.class).invoke(null, 0.5, 1.0, new double[0], new double[0], 0);
    assertEquals(0.5 * Math.sqrt(2) + Math.log(3) * 0.25 + Math.exp(1), d.value(), 0.0);
    assertEquals(Math.sqrt(2) + 2 * Math.log(3) * 0.5, d.tangent(), 1e-15);
  }

  /** Issue 9, item 1: a helper without @Grad, private or not, is differentiated. */
  @Test
  void privateHelperOfTheSameClassGetsRules() {
    Fixture foo = method("""
        double y = x;
        return y * g(x);
        """, """
        private static double g(double v) {
          return v * v;
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.Foo_Frule").contentsAsUtf8String()
        .contains("static Dual g(double v, double vDot)");
    assertThat(compilation).generatedSourceFile("test.Foo_Rrule").contentsAsUtf8String()
        .contains("static void gReverse(Tapes tapes, double v, double seed)");
  }

  @Test
  void helperOfAnotherClassGetsRulesInThatClassesRuleClasses() {
    Fixture helper = source("test.Helper", """
        package test;

        public class Helper {
          public static double g(double v) {
            return v * v;
          }
        }
        """);
    Fixture foo = method("""
        double y = x;
        return y * Helper.g(x);
        """);
    Compilation compilation = compile(foo, helper);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.Helper_Frule").contentsAsUtf8String()
        .contains("public static Dual g(double v, double vDot)");
  }

  /**
   * A helper whose result has no derivative and that takes no array is called as it is; one that
   * takes arrays gets rules (what it does to the arrays matters), its int result stands alone.
   */
  @Test
  void passiveHelperIsCalledAsItIsAndAnIntHelperWithArraysGetsRules() {
    Fixture foo = method("""
        return a[nearest(a, x)] * x + rate(n);
        """, """
        static int nearest(double[] v, double t) {
          int best = 0;
          for (int i = 1; i < v.length; i++) {
            if (Math.abs(v[i] - t) < Math.abs(v[best] - t)) {
              best = i;
            }
          }
          return best;
        }

        static double rate(int year) {
          return 0.01 * year;
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.Foo_Frule").contentsAsUtf8String()
        .contains("Foo.rate(n)");
    assertThat(compilation).generatedSourceFile("test.Foo_Frule").contentsAsUtf8String()
        .contains("static int nearest(double[] v, double[] vDot, double t, double tDot)");
  }

  /** A helper returning an int that writes its array argument gets rules like any other. */
  @Test
  void intHelperThatWritesAnArgumentGetsRules() {
    Fixture foo = method("""
        int k = fill(a, n);
        return a[0] * x + k;
        """, """
        static int fill(double[] v, int count) {
          for (int i = 0; i < count; i++) {
            v[i] = i;
          }
          return count;
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.Foo_Rrule").contentsAsUtf8String()
        .contains("static int fillForward(Tapes tapes, double[] v, double[] vBar, int count)");
  }

  /** A method returning a String that writes an array it is passed: rejected, with the fix. */
  @Test
  void passiveHelperThatWritesAnArgumentIsRejectedThereAndAtItsCaller() {
    Fixture foo = method("""
        String s = fill(a, n);
        return a[0] * x + s.length();
        """, """
        static String fill(double[] v, int count) {
          for (int i = 0; i < count; i++) {
            v[i] = i;
          }
          return "filled";
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("fill returns java.lang.String, which has no derivative, so the rules"
            + " of the @Grad methods calling it call it as it is; but it may write its array"
            + " parameter v")
        .inFile(foo.file());
    assertThat(compilation)
        .hadErrorContaining("f calls test.Foo.fill, which jgrad cannot differentiate")
        .inFile(foo.file());
    assertNoInternalError(compilation);
  }

  /** A private passive helper is copied into the rule classes, which call the copy. */
  @Test
  void privatePassiveHelperIsCopiedIntoTheRuleClass() {
    Fixture foo = method("""
        double y = x;
        return y * index(n, x);
        """, """
        private static int index(int k, double t) {
          int i = 0;
          while (i < k && i * 0.5 < t) {
            i++;
          }
          return i / 2;
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.Foo_Frule").contentsAsUtf8String()
        .contains("static int index(int k, double t)");
    assertThat(compilation).generatedSourceFile("test.Foo_Rrule").contentsAsUtf8String()
        .contains("Foo_Frule.index(n, x)");
  }

  /** The helper's own error is where it is; the entry point says why it gets no rules. */
  @Test
  void helperWithAnUnsupportedStatementIsReportedInsideIt() {
    Fixture foo = method("""
        return x * g(x);
        """, """
        static double g(double v) {
          java.util.function.DoubleUnaryOperator h = w -> w * w;
          return h.applyAsDouble(v);
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("write the computation inline")
        .inFile(foo.file()).onLine(foo.line("w -> w * w"));
    assertThat(compilation)
        .hadErrorContaining("f calls test.Foo.g, which jgrad cannot differentiate (see the errors"
            + " reported there)")
        .inFile(foo.file());
    assertNoInternalError(compilation);
  }

  /**
   * A caller of a method that fails is told so, and nothing else: no error derived from guesses
   * about what the failed method does (it was said to write a constant table it is passed).
   */
  @Test
  void callerOfAFailedHelperGetsOnlyThatError() {
    Fixture foo = method("""
        return x * g(a, TABLE);
        """, """
        static final double[] TABLE = {1.0, 2.0};

        static double g(double[] v, double[] w) {
          java.util.function.DoubleUnaryOperator h = t -> t * t;
          return h.applyAsDouble(v[0]) * w[0];
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("f calls test.Foo.g, which jgrad cannot differentiate (see the errors"
            + " reported there)")
        .inFile(foo.file());
    assertEquals(2, compilation.errors().size(), compilation.errors()::toString);
    assertNoInternalError(compilation);
  }

  /** null is an optional array; anywhere else it is an error that says so. */
  @Test
  void nullOtherThanForAnArrayIsRejected() {
    Fixture foo = method("""
        String label = null;
        double[] w = n > 0 ? a : null;
        return w == null ? x : x * w[0];
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("'null' is not supported in a @Grad method except where an array is"
            + " expected")
        .inFile(foo.file()).onLine(foo.line("String label = null;"));
    assertEquals(1, compilation.errors().size(), compilation.errors()::toString);
  }

  /** A library method without source: the message says why, and suggests no annotation. */
  @Test
  void callToAMethodWithoutSourceSaysWhy() {
    Fixture foo = method("""
        double y = x;
        return Double.sum(y, x);
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("call to Double.sum(double, double) cannot be differentiated: its"
            + " source is not in this build")
        .inFile(foo.file()).onLine(foo.line("Double.sum"));
    assertNoInternalError(compilation);
  }

  /**
   * A library call on data is made as it is; on a local that is reassigned (so may carry a
   * derivative) it is an error that says what data is.
   */
  @Test
  void libraryCallOnDataIsMadeAsItIsAndOnAVariableIsAnError() {
    Fixture foo = method("""
        final double c = 0.5 * 3;
        double h = Double.max(c, Math.ulp(1.0));
        h = h * x;
        return Double.max(h, 1.0);
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("call to Double.max(double, double) cannot be differentiated: its"
            + " source is not in this build")
        .inFile(foo.file()).onLine(foo.line("return Double.max"));
    assertThat(compilation).hadErrorContaining("or whose arguments are all data (literals, int"
        + " values, static final constants, @NoGrad parameters and final locals computed from"
        + " those)");
    assertEquals(1, compilation.errors().size(), compilation.errors()::toString);
  }

  /** Nobody can annotate String.length(): the hint must not tell the user to. */
  @Test
  void callToInstanceMethodOfJdkClassDoesNotSuggestAnnotatingIt() {
    Fixture foo = method("""
        double y = x;
        return y * "abc".codePointAt(0);
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("String.codePointAt(int)")
        .inFile(foo.file()).onLine(foo.line("\"abc\".codePointAt(0)"));
    assertNoErrorContaining(compilation, "annotate String.codePointAt");
    assertNoInternalError(compilation);
  }

  @Test
  void callOnAnonymousClassNamesSomethingReadable() {
    Fixture foo = method("""
        double y = x;
        return y * new Object() { int h() { return 1; } }.h();
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContainingMatch("\\S") // some error on that line...
        .inFile(foo.file()).onLine(foo.line("new Object() {"));
    assertNoErrorContaining(compilation, "call to .h()"); // ...but not with an empty class name
    assertNoInternalError(compilation);
  }

  @Test
  void mathRandomHasNoDerivativeRule() {
    Fixture foo = method("""
        double y = x;
        return y * Math.random();
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("call to Math.random() has no derivative rule: jgrad differentiates"
            + " the Math functions listed in the README; rewrite the expression with those")
        .inFile(foo.file()).onLine(foo.line("Math.random()"));
    assertNoInternalError(compilation);
  }

  @Test
  void mathFunctionWithoutRuleInDoubleComputationIsRejected() {
    Fixture foo = method("""
        double y = x;
        return y * Math.ulp(x);
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("call to Math.ulp(double) has no derivative rule: jgrad"
            + " differentiates the Math functions listed in the README")
        .inFile(foo.file()).onLine(foo.line("Math.ulp(x)"));
    assertNoInternalError(compilation);
  }

  /**
   * Double.valueOf(x) is x, boxed: it depends on x, so it must not be taken as a constant
   * "integer-valued helper" (that silently gives d/dx (x * x) = x).
   */
  @Test
  void boxingCallOnActiveValueIsNotTreatedAsConstant() {
    Fixture foo = method("""
        double y = x;
        return y * Double.valueOf(x);
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("Double.valueOf")
        .inFile(foo.file()).onLine(foo.line("Double.valueOf(x)"));
    assertNoInternalError(compilation);
  }

  @Test
  void boxingCallAssignedToDoubleLocalIsReportedNotCrashing() {
    Fixture foo = method("""
        double y = Double.valueOf(x);
        return y * y;
        """);
    Compilation compilation = compile(foo);
    assertNoInternalError(compilation);
    assertThat(compilation)
        .hadErrorContaining("Double.valueOf")
        .inFile(foo.file()).onLine(foo.line("Double.valueOf(x)"));
  }

  /** README: synchronized is a "compile error that says so and how to rewrite". */
  @Test
  void synchronizedIsRejectedWithAFix() {
    Fixture foo = method("""
        double y;
        synchronized (Foo.class) {
          y = x * x;
        }
        return y;
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("a synchronized statement " + NOT_SUPPORTED)
        .inFile(foo.file()).onLine(foo.line("synchronized")).atColumn(5);
    assertHasFixHint(compilation, "a synchronized statement " + NOT_SUPPORTED);
    assertNoInternalError(compilation);
  }

  @Test
  void assertIsRejectedWithAFix() {
    Fixture foo = method("""
        double y = x;
        assert y > 0 : "positive";
        return y * y;
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("an assert statement " + NOT_SUPPORTED)
        .inFile(foo.file()).onLine(foo.line("assert")).atColumn(5);
    assertHasFixHint(compilation, "an assert statement " + NOT_SUPPORTED);
    assertNoInternalError(compilation);
  }

  @Test
  void stringLocalIsRejectedOnItsDeclarationLine() {
    Fixture foo = method("""
        double y = x;
        StringBuilder s = new StringBuilder();
        return y;
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("local variable s of type StringBuilder " + NOT_SUPPORTED
            + ": use double, float, double[], double[][] or double[][][] locals, records, arrays"
            + " of records and objects of classes used as values (differentiated), or int, long,"
            + " boolean, String, enum locals and arrays of int, long, boolean or String (data)")
        .inFile(foo.file()).onLine(foo.line("StringBuilder s"));
    assertNoInternalError(compilation);
  }

  @Test
  void localClassIsRejectedWithAFix() {
    Fixture foo = method("""
        double y = x;
        class Local { double v; }
        return y;
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("a local class " + NOT_SUPPORTED)
        .inFile(foo.file()).onLine(foo.line("class Local")).atColumn(5);
    assertHasFixHint(compilation, "a local class " + NOT_SUPPORTED);
    assertNoInternalError(compilation);
  }

  /**
   * {@code i++} in the right operand of {@code &&} is supported: it must run only when the left
   * operand is true, in the generated rule as in the primal.
   */
  @Test
  void incrementInRightOperandOfAndIsAcceptedAndShortCircuits() throws Exception {
    Fixture foo = method("""
        int i = 0;
        double y = x;
        if (n > 0 && i++ < 3) {
          y = 2 * x;
        }
        return y + i;
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();

    Method forward = new GeneratedClasses(compilation).load("test.Foo_Frule").getMethod("f",
        double.class, double.class, double[].class, double[].class, int.class);
    double[] a = {0.0};
    Dual taken = (Dual) forward.invoke(null, 1.5, 1.0, a, new double[1], 1);
    assertEquals(2 * 1.5 + 1, taken.value()); // y = 2x, i incremented once
    assertEquals(2.0, taken.tangent());
    Dual skipped = (Dual) forward.invoke(null, 1.5, 1.0, a, new double[1], 0);
    assertEquals(1.5, skipped.value()); // i++ not evaluated: i stays 0
    assertEquals(1.0, skipped.tangent());
  }

  // ------------------------------------------------------------------------------------------
  // Declaration checks: reported on the method (or parameter) declaration.

  @Test
  void instanceMethodOfAnObjectWithStateJgradDoesNotModelIsRejectedWithTheReason() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          private final java.util.Random random = new java.util.Random(1);

          @Grad
          public double f(double x) {
            return x * x;
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("@Grad method Foo.f must be static, or an instance method of a record"
            + " or of a class whose fields jgrad can treat as values")
        .inFile(foo.file()).onLine(foo.line("public double f("));
    assertThat(compilation)
        .hadErrorContaining("its field random is a Random")
        .inFile(foo.file()).onLine(foo.line("public double f("));
    assertNoInternalError(compilation);
  }

  /** Objects are values: writing a field is an error at the write, with what to do instead. */
  /**
   * A constructor that computes fields is differentiated, and the rules call it again for the
   * object: it must not change its arguments.
   */
  @Test
  void constructorThatChangesItsArgumentIsRejected() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          static final class Scaled {
            final double[] values;

            Scaled(double[] raw, double k) {
              for (int i = 0; i < raw.length; i++) {
                raw[i] *= k;
              }
              this.values = raw;
            }
          }

          @Grad
          public static double f(double[] raw, double k) {
            Scaled s = new Scaled(raw.clone(), k);
            return s.values[0];
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("the constructor of Scaled changes the contents of its argument raw"
            + " (here or in a method it calls)")
        .inFile(foo.file()).onLine(foo.line("Scaled(double[] raw, double k)"));
    assertNoInternalError(compilation);
  }

  @Test
  void privatePassiveCopyCallingAPrivateMethodWithRulesIsRejected() {
    // the copy of scale in the rule classes calls twice itself, which is private to Foo
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          private static double twice(double v) {
            return 2 * v;
          }

          private static double scale(int n) {
            return twice(n);
          }

          @Grad
          public static double f(double a, int n) {
            return a * scale(n);
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("scale is private and its result has no derivative, so jgrad copies"
            + " it into the rule classes; but it calls test.Foo.twice, which they cannot call (it"
            + " is private, or in a private class): make scale or that method package-private")
        .inFile(foo.file()).onLine(foo.line("private static double scale(int n)"));
    assertNoInternalError(compilation);
  }

  @Test
  void privateMethodIsRejected() {
    Fixture foo = declaration("private static double f(double x)");
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("@Grad method Foo.f must not be private: its rules live in the"
            + " companion classes Foo_Frule and Foo_Rrule, which must be able to call it. Make"
            + " it package-private or public")
        .inFile(foo.file()).onLine(foo.line("double f("));
    assertNoInternalError(compilation);
  }

  @Test
  void intReturnTypeIsRejected() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static int f(double x) {
            return (int) x;
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("@Grad method Foo.f returns int; jgrad differentiates methods that"
            + " return double, float, double[], a record or an object of a class used as a value"
            + " with a differentiable component")
        .inFile(foo.file()).onLine(foo.line("int f("));
    assertNoInternalError(compilation);
  }

  @Test
  void voidMethodWithoutOutputArrayIsRejected() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static void f(double x) {
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("@Grad method Foo.f returns void and has no array or object parameter to write"
            + " its output to: return the value instead")
        .inFile(foo.file()).onLine(foo.line("void f("));
    assertNoInternalError(compilation);
  }

  @Test
  void matrixReturnTypeIsRejected() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double[][] f(double x) {
            return new double[][] {{x}};
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("@Grad method Foo.f returns double[][]; jgrad differentiates methods"
            + " that return double, float, double[], a record or an object of a class used as a"
            + " value with a differentiable component, and void methods that write output arrays"
            + " or objects")
        .inFile(foo.file()).onLine(foo.line("double[][] f("));
    assertNoInternalError(compilation);
  }

  @Test
  void methodWithoutDifferentiableParameterIsRejected() {
    Fixture foo = declaration("static double f(int n, long m, boolean b)");
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("@Grad method Foo.f has no differentiable parameter: add a double,"
            + " float or double[] parameter to differentiate with respect to")
        .inFile(foo.file()).onLine(foo.line("double f("));
    assertNoInternalError(compilation);
  }

  @Test
  void stringParameterIsRejectedOnItsOwnLine() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double f(double x,
                                 StringBuilder label) {
            return x;
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("parameter label of type java.lang.StringBuilder is not supported by"
            + " @Grad: use double, float, double[], double[][], double[][][], records, arrays of"
            + " records and objects of classes used as values (differentiated), or int, long,"
            + " boolean, char, short, byte, String, an enum, or arrays of int, long, boolean or"
            + " String (data)")
        .inFile(foo.file()).onLine(foo.line("StringBuilder label"));
    assertNoInternalError(compilation);
  }

  @Test
  void fourDimensionalArrayParameterIsRejected() {
    Fixture foo = declaration("static double f(double x, double[][][][] m)");
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("parameter m of type double[][][][] is not supported by @Grad: use"
            + " double, float, double[], double[][], double[][][], records, arrays of records and"
            + " objects of classes used as values (differentiated)")
        .inFile(foo.file()).onLine(foo.line("double[][][][] m"));
    assertNoInternalError(compilation);
  }

  /** Moving a matrix of a double[][][] parameter would need a positional convention. */
  @Test
  void movingMatricesOfAThreeDimensionalParameterIsRejected() {
    Fixture foo = declaration("static double f(double x, double[][][] t)",
        "t[0] = t[1];\nreturn x * t[0][0][0];");
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("f replaces matrices or rows of its double[][][] parameter t")
        .inFile(foo.file()).onLine(foo.line("static double f("));
    assertNoInternalError(compilation);
  }

  /** A record's constructor that changes an argument would make a component's derivative wrong. */
  @Test
  void recordConstructorThatChangesAnArgumentIsRejected() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          record Positive(double v, int k) {
            Positive {
              if (k < 0) {
                throw new IllegalArgumentException("k");
              }
              v = Math.abs(v);
            }
          }

          record Checked(double v) {
            Checked {
              if (v < -1e9) {
                throw new IllegalArgumentException("v");
              }
            }
          }

          @Grad
          public static double f(double x) {
            Positive p = new Positive(x, 1);
            return p.v() * 2;
          }

          @Grad
          public static double g(double x) {
            return new Checked(x).v() * 3;
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("the constructor of record Positive assigns to its parameter v: jgrad"
            + " takes a component's derivative to be its argument's, so a constructor may check"
            + " its arguments but not change them; normalise the value in a static factory"
            + " method instead")
        .inFile(foo.file()).onLine(foo.line("public static double f"));
    assertThat(compilation).hadErrorCount(1); // g's constructor only validates: accepted
    assertNoInternalError(compilation);
  }

  /**
   * Moving the matrices of a double[][][] a record parameter holds: the rules keep the final row
   * references of held matrices, not those of held three-dimensional arrays (reading is fine).
   */
  @Test
  void movingTheMatricesOfAHeldTensorIsRejected() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          record Filters(double[][][] w, double scale) {}

          @Grad
          public static double f(double x, Filters s) {
            s.w()[0] = s.w()[1];
            return x * s.scale() + s.w()[0][0][0];
          }

          @Grad
          public static double g(double x, Filters s) {
            s.w()[0][0][0] *= x;
            return x * s.scale() + s.w()[1][0][0];
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("f replaces matrices or rows of a double[][][] that its record or"
            + " object parameter s holds")
        .inFile(foo.file()).onLine(foo.line("public static double f"));
    assertThat(compilation).hadErrorCount(1); // g writes numbers in place: fine
    assertNoInternalError(compilation);
  }


  /**
   * Returning a record that shares an argument's array would give it two adjoint buffers; a
   * getter ({@code return s.values();}) is read as the path at its calls instead.
   */
  @Test
  void helperReturningARecordThatHoldsItsArgumentIsRejected() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          record Samples(double[] values, double scale) {}

          static Samples wrap(double[] v) {
            return new Samples(v, 1.0);
          }

          static double[] valuesOf(Samples s) {
            return s.values();
          }

          @Grad
          public static double f(double[] x) {
            return wrap(x).values()[0] + valuesOf(new Samples(x, 2.0))[0];
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("wrap may return an array that its parameter v holds, or a record"
            + " holding one")
        .inFile(foo.file()).onLine(foo.line("static Samples wrap"));
    assertThat(compilation).hadErrorCount(2); // and "f calls wrap": valuesOf is a getter
    assertNoInternalError(compilation);
  }

  @Test
  void linkedObjectsAndHelpersReturningAnArgumentsObjectAreRejected() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          static final class Node {
            double v;
            Node next;

            Node(double v, Node next) {
              this.v = v;
              this.next = next;
            }
          }

          static final class Pt {
            double x;

            Pt(double x) {
              this.x = x;
            }
          }

          static Pt pick(Pt[] ps, int i) {
            Pt p = ps[i]; // not a getter (return ps[i]; is read as ps[i] at its calls)
            return p;
          }

          @Grad
          public static double f(double a) {
            Node n = new Node(a, null);
            return n.v * a;
          }

          @Grad
          public static double g(double a) {
            Pt[] ps = {new Pt(a), new Pt(2 * a)};
            Pt p = pick(ps, 1);
            p.x += 1;
            return ps[1].x * a;
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("type Node (of n) is not supported in a @Grad method: its field next"
            + " leads back to a Node: jgrad models values without cycles")
        .inFile(foo.file()).onLine(foo.line("Node n = new Node(a, null)"));
    assertThat(compilation)
        .hadErrorContaining("pick may return an object that its parameter ps refers to or holds")
        .inFile(foo.file()).onLine(foo.line("static Pt pick"));
    assertThat(compilation)
        .hadErrorContaining("g calls test.Foo.pick, which jgrad cannot differentiate")
        .inFile(foo.file()).onLine(foo.line("public static double g"));
    assertThat(compilation).hadErrorCount(3); // nothing about n.v: n was reported
    assertNoInternalError(compilation);
  }

  @Test
  void writingAFieldOfAConstantObjectIsRejected() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          static final class Box {
            double x;

            Box(double x) {
              this.x = x;
            }
          }

          static final Box K = new Box(1.0);

          @Grad
          public static double f(double a) {
            K.x = a;
            return K.x * a;
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("assigning to static field K.x is not supported in a @Grad method")
        .inFile(foo.file()).onLine(foo.line("K.x = a"));
    assertNoInternalError(compilation);
  }

  /** Its Jacobian would need copies of the objects' entry states: an error that says so. */
  @Test
  void anArrayResultOfAMethodChangingAnObjectParameterIsRejected() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          static final class Body {
            double x;

            Body(double x) {
              this.x = x;
            }

            void push(double dx) {
              x += dx;
            }
          }

          @Grad
          public static double[] f(Body b, double dx) {
            b.push(dx);
            return new double[] {b.x * b.x, b.x};
          }

          @Grad
          public static double g(Body b, double dx) {
            b.push(dx);
            return b.x * b.x;
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("@Grad method f returns an array and changes a field of an object"
            + " or an array its parameter b refers to (here or in a method it calls)")
        .inFile(foo.file()).onLine(foo.line("public static double[] f"));
    assertThat(compilation).hadErrorCount(1); // g returns a double: fine
    assertNoInternalError(compilation);
  }

  /** double... is a double[]: accept it, or name it correctly; "type double" is wrong. */
  @Test
  void varargsParameterIsNotCalledDouble() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double f(double... xs) {
            return xs[0] * xs[0];
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertNoErrorContaining(compilation, "of type double is not supported");
    assertNoInternalError(compilation);
  }

  @Test
  void overloadedGradMethodsAreBothRejected() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double f(double x) {
            return x;
          }

          @Grad
          public static double f(double x, double y) {
            return x * y;
          }
        }
        """);
    Compilation compilation = compile(foo);
    String message = "@Grad methods named f are overloaded in Foo: the generated rule names"
        + " would clash; give the @Grad methods distinct names";
    assertThat(compilation).hadErrorContaining(message)
        .inFile(foo.file()).onLine(foo.line("f(double x) {"));
    assertThat(compilation).hadErrorContaining(message)
        .inFile(foo.file()).onLine(foo.line("f(double x, double y)"));
    assertNoInternalError(compilation);
  }

  @Test
  void overloadThatIsNotGradIsAccepted() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double f(double x) {
            return x * x;
          }

          public static double f(double x, double y) {
            return x * y;
          }
        }
        """);
    assertThat(compile(foo)).succeededWithoutWarnings();
  }

  /** f's reverse rule is fAdjoint(x, seed, scalarBars): a @Grad fAdjoint clashes with it. */
  @Test
  void gradMethodNamedLikeAnotherOnesAdjointIsReportedInTheSource() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double f(double x) {
            return x * x;
          }

          @Grad
          public static double fAdjoint(double x, double s, double[] sb) {
            return x * s;
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining("fAdjoint").inFile(foo.file());
    assertNoInternalError(compilation);
  }

  @Test
  void genericMethodIsRejected() {
    Fixture foo = declaration("static <T> double f(double x)");
    Compilation compilation = compile(foo);
    assertThat(compilation)
        .hadErrorContaining("@Grad method Foo.f must not declare type parameters")
        .inFile(foo.file()).onLine(foo.line("double f("));
    assertNoInternalError(compilation);
  }

  /** A native method has no body to differentiate; its rules would silently return 0. */
  @Test
  void nativeMethodIsRejected() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static native double f(double x);
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining("Foo.f")
        .inFile(foo.file()).onLine(foo.line("native double f("));
    assertNoInternalError(compilation);
  }

  // ------------------------------------------------------------------------------------------
  // Several errors, several methods.

  @Test
  void everyProblemOfAMethodIsReportedNotJustTheFirst() {
    Fixture foo = method("""
        double y = 0;
        try {
          y = x;
        } finally {
          y = 2;
        }
        synchronized (Foo.class) {
          y = 3 * y;
        }
        assert y > 0;
        return y * Math.random();
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorCount(4);
    assertThat(compilation).hadErrorContaining("a try statement")
        .inFile(foo.file()).onLine(foo.line("try {"));
    assertThat(compilation).hadErrorContaining("a synchronized statement")
        .inFile(foo.file()).onLine(foo.line("synchronized"));
    assertThat(compilation).hadErrorContaining("an assert statement")
        .inFile(foo.file()).onLine(foo.line("assert y"));
    assertThat(compilation).hadErrorContaining("call to Math.random()")
        .inFile(foo.file()).onLine(foo.line("Math.random()"));
    assertNoInternalError(compilation);
  }

  /** Issue 9, item 8: a declaration error does not hide the errors in the body. */
  @Test
  void declarationErrorsAndBodyErrorsAreReportedTogether() {
    Fixture foo = declaration("public static int f(double x, java.util.List<Double> xs)", """
        double y = x;
        synchronized (Foo.class) {
          y = 3 * y;
        }
        return (int) (y * Math.random());
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining("returns int")
        .inFile(foo.file()).onLine(foo.line("int f("));
    assertThat(compilation).hadErrorContaining("parameter xs of type java.util.List<java.lang.Double>")
        .inFile(foo.file()).onLine(foo.line("int f("));
    assertThat(compilation).hadErrorContaining("a synchronized statement")
        .inFile(foo.file()).onLine(foo.line("synchronized"));
    assertThat(compilation).hadErrorContaining("call to Math.random()")
        .inFile(foo.file()).onLine(foo.line("Math.random()"));
    assertThat(compilation).hadErrorCount(4);
    assertNoInternalError(compilation);
  }

  @Test
  void methodWithErrorsDoesNotStopRulesForTheOtherMethods(@TempDir Path dir)
      throws IOException {
    String source = """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double bad(double x) {
            return x * Math.random();
          }

          @Grad
          public static double good(double x) {
            return Math.sin(x) * x;
          }
        }
        """;
    DiskCompilation result = compileOnDisk(dir, "test/Foo.java", source);
    assertEquals(List.of("call to Math.random() has no derivative rule: jgrad differentiates"
            + " the Math functions listed in the README; rewrite the expression with those"),
        result.errors(), "the one error, from bad");
    String reverse = result.generated("test/Foo_Rrule.java");
    assertTrue(reverse.contains("public static double goodAdjoint("), reverse);
    assertFalse(reverse.contains("badAdjoint"), reverse);
    String forward = result.generated("test/Foo_Frule.java");
    assertTrue(forward.contains("public static Dual good("), forward);
    assertFalse(forward.contains(" bad("), forward);
  }

  @Test
  void errorsInOneClassDoNotStopRulesForAnotherClass(@TempDir Path dir) throws IOException {
    String source = """
        package test;

        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double bad(double x) {
            assert x > 0;
            return x;
          }
        }

        class Bar {
          @Grad
          static double good(double x) {
            return x * x;
          }
        }
        """;
    DiskCompilation result = compileOnDisk(dir, "test/Foo.java", source);
    assertEquals(1, result.errors().size(), () -> result.errors().toString());
    assertTrue(result.generated("test/Bar_Rrule.java").contains("goodAdjoint("));
    assertFalse(Files.exists(dir.resolve("generated/test/Foo_Rrule.java")),
        "Foo has no valid @Grad method, so no Foo_Rrule");
  }

  // ------------------------------------------------------------------------------------------
  // Valid code: no diagnostics at all.

  @Test
  void validMethodCompilesWithoutWarnings() {
    Fixture foo = method("""
        double s = 0.0;
        for (int i = 0; i < a.length; i++) {
          if (a[i] > LIMIT) {
            continue;
          }
          s += Math.sin(a[i] * x) / (1.0 + a[i] * a[i]);
        }
        int k = Math.floorMod(n, 3);
        double t = k == 0 ? Math.exp(x) : Math.PI * x;
        t *= 2;
        while (t > 10.0) {
          t = t / 2.0;
        }
        return s + t + (float) x;
        """, """
        static final double LIMIT = 100.0;
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.Foo_Frule").contentsAsUtf8String()
        .contains("public static Dual f(double x, double xDot, double[] a, double[] aDot,"
            + " int n)");
    assertThat(compilation).generatedSourceFile("test.Foo_Rrule").contentsAsUtf8String()
        .contains("public static double fAdjoint(double x, double[] a, double[] aBar, int n,"
            + " double seed,");
  }

  @Test
  void floatMethodCompilesWithoutWarnings() {
    Fixture foo = declaration("public static float f(float x)", "return x * x;");
    assertThat(compile(foo)).succeededWithoutWarnings();
  }

  // ------------------------------------------------------------------------------------------
  // Robustness: odd inputs never make the processor throw or fail internally.

  /**
   * A @Grad method that does not compile is an error where the compile error is (javac stops
   * after a processor's error, so jgrad's error must carry the cause), never a skip with a
   * warning that would leave stale rules; every error of the method is reported.
   */
  @Test
  void undefinedMethodAndVariableAreErrorsAtTheirLines() {
    Fixture foo = method("""
        double y = x;
        return y * undefinedThing(x)
            + missing;
        """);
    Compilation compilation = compile(foo);
    String noRules = "jgrad cannot generate the rules of @Grad method f until it compiles";
    assertThat(compilation).hadErrorContaining("undefinedThing(double) is undefined")
        .inFile(foo.file()).onLine(foo.line("undefinedThing(x)")).atColumn(16);
    assertThat(compilation).hadErrorContaining(noRules)
        .inFile(foo.file()).onLine(foo.line("undefinedThing(x)"));
    assertThat(compilation).hadErrorContaining("missing cannot be resolved")
        .inFile(foo.file()).onLine(foo.line("+ missing"));
    assertThat(compilation).hadWarningCount(0);
    assertNoInternalError(compilation);
  }

  @Test
  void undefinedTypeIsAnErrorAtItsLine() {
    Fixture foo = method("""
        Missing m = null;
        return x;
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining("Missing cannot be resolved to a type")
        .inFile(foo.file()).onLine(foo.line("Missing m"));
    assertNoInternalError(compilation);
  }

  @Test
  void errorOutsideTheGradMethodIsJavacsOnly() {
    Fixture foo = method("return x * x;", """
        static int g() {
          return undefinedElsewhere();
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("cannot find symbol")
        .inFile(foo.file()).onLine(foo.line("undefinedElsewhere()"));
  }

  @Test
  void abstractMethodIsRejectedAsNotStatic() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public abstract class Foo {
          @Grad
          public abstract double f(double x);
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining("@Grad method Foo.f must be static")
        .inFile(foo.file()).onLine(foo.line("abstract double f("));
    assertNoInternalError(compilation);
  }

  @Test
  void interfaceMethodIsRejectedAsNotStatic() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public interface Foo {
          @Grad
          double f(double x);
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining("@Grad method Foo.f must be static")
        .inFile(foo.file()).onLine(foo.line("double f("));
    assertNoInternalError(compilation);
  }

  @Test
  void staticInterfaceMethodGetsRules() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public interface Foo {
          @Grad
          static double f(double x) {
            return x * x;
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.Foo_Frule").contentsAsUtf8String()
        .contains("public static Dual f(double x, double xDot)");
  }

  @Test
  void methodInEnumGetsRules() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public enum Foo {
          A, B;

          @Grad
          public static double f(double x) {
            return x * x;
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.Foo_Frule").contentsAsUtf8String()
        .contains("public static Dual f(double x, double xDot)");
  }

  @Test
  void methodInRecordGetsRules() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;

        public record Foo(double v) {
          @Grad
          public static double f(double x) {
            return x * x;
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.Foo_Rrule").contentsAsUtf8String()
        .contains("public static double fAdjoint(double x, double seed, double[] scalarBars)");
  }

  @Test
  void methodInNestedStaticClassGetsOuterInnerRules() {
    Fixture outer = source("test.Outer", """
        package test;

        import io.jgrad.Grad;

        public class Outer {
          public static class Inner {
            @Grad
            public static double f(double x) {
              return x * x;
            }
          }

          @Grad
          public static double g(double x) {
            return Inner.f(x) + x;
          }
        }
        """);
    Compilation compilation = compile(outer);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.Outer_Inner_Frule").contentsAsUtf8String()
        .contains("public static Dual f(double x, double xDot)");
    assertThat(compilation).generatedSourceFile("test.Outer_Frule").contentsAsUtf8String()
        .contains("public static Dual g(double x, double xDot)");
  }

  @Test
  void methodInDefaultPackageGetsRules() {
    Fixture foo = source("Foo", """
        import io.jgrad.Grad;

        public class Foo {
          @Grad
          public static double f(double x) {
            return x * x;
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("Foo_Rrule").contentsAsUtf8String()
        .contains("public static double fAdjoint(double x, double seed, double[] scalarBars)");
  }

  @Test
  void deeplyNestedExpressionIsHandled() {
    int depth = 300;
    String expression = "(".repeat(depth) + "x" + " * x)".repeat(depth);
    Fixture foo = method("return " + expression + ";");
    Compilation compilation = compile(foo);
    assertNoInternalError(compilation);
    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void parameterNamesThatLookGeneratedDoNotClash() {
    Fixture foo = declaration("public static double f(double x, double xDot, double xBar,"
        + " double seed, double[] scalarBars)",
        "return x * xDot * xBar * seed * scalarBars[0];");
    assertThat(compile(foo)).succeededWithoutWarnings();
  }

  /** A @NoGrad array is data: writing it, here or in a helper, is an error naming it. */
  @Test
  void writingNoGradParameterIsAnError() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;
        import io.jgrad.NoGrad;

        public class Foo {
          @Grad
          public static double f(double a, @NoGrad double[] x) {
            x[0] = a;
            return a * x[0];
          }

          @Grad
          public static double g(double a, @NoGrad double[][] m) {
            fill(m[0], a);
            return a * m[0][0];
          }

          private static void fill(double[] row, double v) {
            row[0] = v;
          }

          @Grad
          public static double h(double a, @NoGrad double[] x) {
            x = x.clone(); // a copy: writing it is fine
            x[0] = a;
            return a * x[0];
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining("f writes into its @NoGrad parameter x (here or"
        + " in a method it calls); a @NoGrad array or object is data the method only reads:"
        + " remove @NoGrad from x, or write into a copy (x = x.clone() for an array)")
        .inFile(foo.file()).onLine(foo.line("public static double f"));
    assertThat(compilation).hadErrorContaining("g writes into its @NoGrad parameter m")
        .inFile(foo.file()).onLine(foo.line("public static double g"));
    assertThat(compilation).hadErrorCount(2);
    assertNoInternalError(compilation);
  }

  /**
   * Passing a value with a derivative to a callee's @NoGrad parameter would drop that derivative:
   * an error. Data (a literal, the caller's own @NoGrad parameter) is fine.
   */
  @Test
  void derivativeIntoNoGradParameterIsAnError() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;
        import io.jgrad.NoGrad;

        public class Foo {
          @Grad
          public static double g(double a, @NoGrad double b, @NoGrad double[] v) {
            return a * b * v[0];
          }

          @Grad
          public static double f(double a, double[] w) {
            return g(a, 2.0 * a, w) + g(a, 1.0, new double[] {a, 1.0});
          }

          private static void h(@NoGrad double[] data, double[] out) {
            out[0] = data[0];
          }

          @Grad
          public static double fine(double a, @NoGrad double c, @NoGrad double[] v, double[] w) {
            double[] copy = new double[] {c, 1.0};
            h(new double[] {0.25, 1.0}, w.clone());
            return g(a, c + 1.0, v) + g(a, 2.0, copy) + g(a, 1.0, new double[] {2.0, c});
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining("f passes an expression, which carries a"
        + " derivative, as argument 2 of g, whose parameter there is @NoGrad")
        .inFile(foo.file()).onLine(foo.line("public static double f("));
    assertThat(compilation).hadErrorContaining("f passes a value of w, which carries a"
        + " derivative, as argument 3 of g");
    assertThat(compilation).hadErrorContaining("or pass a value computed from data only (line "
        + foo.line("return g(a, 2.0 * a, w)") + ": return g(a, 2.0 * a, w)");
    assertThat(compilation).hadErrorCount(3); // and the array of a, argument 3 again
    assertNoInternalError(compilation);
  }

  /**
   * A record of numbers read from a differentiable array of records carries a derivative: a
   * component of it passed to a @NoGrad parameter is an error (it was taken for data once).
   */
  @Test
  void componentOfAVariedRecordIntoNoGradParameterIsAnError() {
    Fixture foo = source("test.Foo", """
        package test;

        import io.jgrad.Grad;
        import io.jgrad.NoGrad;

        public class Foo {
          public record Flow(double time, double amount) {}

          static double discount(double y, @NoGrad double t) {
            return Math.exp(-y * t);
          }

          @Grad
          public static double price(double y, Flow[] flows) {
            double pv = 0.0;
            for (Flow cf : flows) {
              pv += cf.amount() * discount(y, cf.time());
            }
            return pv;
          }

          @Grad
          public static double fine(double y, @NoGrad Flow[] flows) {
            double pv = 0.0;
            for (Flow cf : flows) {
              pv += cf.amount() * discount(y, cf.time());
            }
            return pv;
          }
        }
        """);
    Compilation compilation = compile(foo);
    assertThat(compilation).hadErrorContaining("price passes a value of cf, which carries a"
        + " derivative, as argument 2 of discount, whose parameter there is @NoGrad")
        .inFile(foo.file()).onLine(foo.line("public static double price("));
    assertThat(compilation).hadErrorCount(1);
    assertNoInternalError(compilation);
  }

  @Test
  void onlyNoGradParametersIsAnError() {
    Fixture foo = declaration("public static double f(@io.jgrad.NoGrad double x, int n)",
        "return x * n;");
    assertThat(compile(foo)).hadErrorContaining("@Grad method Foo.f has no differentiable"
        + " parameter: every double, float, array or record parameter is @NoGrad");
  }

  // ------------------------------------------------------------------------------------------
  // Fixtures and helpers.

  /** Class test.Foo with {@code @Grad public static double f(double x, double[] a, int n)}. */
  private static Fixture method(String body) {
    return method(body, "");
  }

  /** As {@link #method(String)}, with more members of Foo after f. */
  private static Fixture method(String body, String members) {
    return declaration("public static double f(double x, double[] a, int n)", body, members);
  }

  /** Class test.Foo with one {@code @Grad} method of this signature and body {@code return x;}. */
  private static Fixture declaration(String signature) {
    return declaration(signature, "return x;", "");
  }

  private static Fixture declaration(String signature, String body) {
    return declaration(signature, body, "");
  }

  private static Fixture declaration(String signature, String body, String members) {
    String text = "package test;\n"
        + "\n"
        + "import io.jgrad.Grad;\n"
        + "\n"
        + "public class Foo {\n"
        + "  @Grad\n"
        + "  " + signature + " {\n"
        + indent(body, "    ")
        + "  }\n"
        + (members.isBlank() ? "" : "\n" + indent(members, "  "))
        + "}\n";
    return source("test.Foo", text);
  }

  private static String indent(String lines, String prefix) {
    return lines.lines().map(l -> l.isEmpty() ? "\n" : prefix + l + "\n")
        .collect(Collectors.joining());
  }

  /** The error containing {@code prefix} goes on, after a colon, to say how to fix it. */
  private static void assertHasFixHint(Compilation compilation, String prefix) {
    String message = errorMessages(compilation).stream().filter(m -> m.contains(prefix))
        .findFirst().orElseThrow(() -> new AssertionError("no error containing " + prefix));
    String rest = message.substring(message.indexOf(prefix) + prefix.length());
    assertTrue(rest.matches("(?s):\\s*\\S.*"), () -> "no fix hint in: " + message);
  }

  /**
   * Compiles one source on disk (processing only) so that generated sources can be read even
   * when the compilation reports errors, which compile-testing does not allow.
   */
  private static DiskCompilation compileOnDisk(Path dir, String relativePath, String text)
      throws IOException {
    Path sourceFile = dir.resolve("src").resolve(relativePath);
    Files.createDirectories(sourceFile.getParent());
    Files.writeString(sourceFile, text, UTF_8);
    Path generated = Files.createDirectories(dir.resolve("generated"));
    String runtime;
    try {
      runtime = Path.of(Grad.class.getProtectionDomain().getCodeSource().getLocation().toURI())
          .toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, UTF_8)) {
      JavaCompiler.CompilationTask task = javac.getTask(null, files, diagnostics,
          List.of("-proc:only", "-classpath", runtime, "-s", generated.toString()), null,
          files.getJavaFileObjects(sourceFile));
      task.setProcessors(List.of(new GradProcessor()));
      task.call();
    }
    List<String> errors = diagnostics.getDiagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
        .map(d -> d.getMessage(Locale.ROOT)).toList();
    return new DiskCompilation(generated, errors);
  }

  record DiskCompilation(Path generatedRoot, List<String> errors) {
    String generated(String relativePath) throws IOException {
      Path file = generatedRoot.resolve(relativePath);
      assertTrue(Files.exists(file), () -> relativePath + " was not generated; errors: " + errors);
      return Files.readString(file, UTF_8);
    }
  }


}
