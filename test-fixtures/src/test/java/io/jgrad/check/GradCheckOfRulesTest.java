package io.jgrad.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.check.fakes.custom.AccumulatingScaleRules;
import io.jgrad.check.fakes.custom.ForgetfulScaleRules;
import io.jgrad.check.fakes.custom.InconsistentAdjointRules;
import io.jgrad.check.fakes.custom.LastBitAdjointRules;
import io.jgrad.check.fakes.custom.LastBitForwardRules;
import io.jgrad.check.fakes.custom.MisdeclaredScaleRules;
import io.jgrad.check.fakes.custom.NotAHolder;
import io.jgrad.check.fakes.custom.OverwritingDotRules;
import io.jgrad.check.fakes.custom.ScalarSquareRules;
import io.jgrad.check.fakes.custom.Special;
import io.jgrad.check.fakes.custom.SpecialRules;
import io.jgrad.check.fakes.custom.WrongResultAdjointRules;
import io.jgrad.check.fakes.custom.WrongTangentRules;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GradCheck#ofRules}: custom rules of a {@code @CustomRules} holder checked against their
 * target ({@link Special}), with the rules in {@code io.jgrad.check.fakes.custom}.
 */
class GradCheckOfRulesTest {

  private static final String SPECIAL = "io.jgrad.check.fakes.custom.Special";

  private static String failureOf(GradCheck check) {
    return assertThrows(AssertionError.class, check::check).getMessage();
  }

  private static String rejection(Executable lookup) {
    return assertThrows(IllegalArgumentException.class, lookup).getMessage();
  }

  private static void assertContains(String message, String... parts) {
    for (String part : parts) {
      assertTrue(message.contains(part), () -> "expected <" + part + "> in:\n" + message);
    }
  }

  /** The name GradCheck gives parameter {@code index} of a target method (argN without -parameters). */
  private static String name(String method, int index, Class<?>... types) throws Exception {
    return Special.class.getMethod(method, types).getParameters()[index].getName();
  }

  /** A passed check: at every point, within the tolerances, with nothing second-order checked. */
  private static void assertPassed(GradCheck.Report report, int points) {
    assertEquals(points, report.points(), report::toString);
    assertTrue(report.worstFdError() <= 1e-6, report::toString);
    assertTrue(report.worstDotProductError() <= PointChecker.DOT_TOLERANCE, report::toString);
    // no Jacobian, no Hvp for custom rules: skipped, not failed
    assertEquals(0, report.worstJacobianError(), report::toString);
    assertEquals(0, report.hessianPoints(), report::toString);
  }

  @Nested
  class CorrectRules {
    @Test
    void oneScalar() {
      assertPassed(GradCheck.ofRules(SpecialRules.class, "softplus").points(10).range(-3, 3)
          .check(), 10);
    }

    @Test
    void twoScalars() {
      assertPassed(GradCheck.ofRules(SpecialRules.class, "expScaled").points(8).check(), 8);
    }

    @Test
    void dataParameterTakesIntRange() {
      assertPassed(GradCheck.ofRules(SpecialRules.class, "powi").intRange(0, 6).range(-2, 2)
          .points(12).check(), 12);
    }

    @Test
    void argumentsFromAGeneratorAndAGivenPoint() {
      assertPassed(GradCheck.ofRules(SpecialRules.class, "powi")
          .args(random -> new Object[] {1 + random.nextDouble(), 3}).check(), 5);
      assertPassed(GradCheck.ofRules(SpecialRules.class, "expScaled").checkAt(2, -0.5), 1);
    }

    @Test
    void arraysItOnlyReadsAlsoAliased() {
      assertPassed(GradCheck.ofRules(SpecialRules.class, "dot").arrayLength(4).check(), 5);
      // dot(x, x): one tangent and one adjoint buffer passed for both parameters
      assertPassed(GradCheck.ofRules(SpecialRules.class, "dot").alias(0, 1).check(), 5);
    }

    @Test
    void voidTargetWritingItsArray() {
      assertPassed(GradCheck.ofRules(SpecialRules.class, "scale").range(-2, 2).check(), 5);
    }

    @Test
    void arrayResultWithoutJacobian() {
      assertPassed(GradCheck.ofRules(SpecialRules.class, "sinTimes").arrayLength(3).check(), 5);
    }

    @Test
    void floatTargetWithFloatAdjointResult() {
      GradCheck.Report report = GradCheck.ofRules(SpecialRules.class, "cube").check();
      assertEquals(5, report.points(), report::toString);
      assertTrue(report.worstFdError() <= GradCheck.FLOAT_FD_TOLERANCE, report::toString);
    }

    @Test
    void overloadChosenByParameterTypes() {
      assertPassed(GradCheck.ofRules(SpecialRules.class, "sq", double.class).check(), 5);
      assertPassed(GradCheck.ofRules(SpecialRules.class, "sq", double[].class).check(), 5);
    }

    @Test
    void overloadWithTheOnlyRulesNeedsNoParameterTypes() {
      // checkAt(3.0) fits sq(double) only: sq(double[]) would reject a double argument
      assertPassed(GradCheck.ofRules(ScalarSquareRules.class, "sq").checkAt(3.0), 1);
    }
  }

  @Nested
  class BrokenRules {
    @Test
    void wrongDerivativeInTheForwardRuleFailsFiniteDifferences() {
      String message = failureOf(GradCheck.ofRules(WrongTangentRules.class, "softplus"));

      assertContains(message,
          "GradCheck failed for custom rules WrongTangentRules for " + SPECIAL + ".softplus(",
          "check:      custom rule WrongTangentRules.softplus vs central finite differences",
          "(tangent from custom rule WrongTangentRules.softplus)");
    }

    @Test
    void reverseRuleInconsistentWithTheForwardRuleFailsTheDotProductTest() {
      String message = failureOf(GradCheck.ofRules(InconsistentAdjointRules.class, "expScaled"));

      assertContains(message,
          "dot-product test: ybar * (J d) from custom rule InconsistentAdjointRules.expScaled"
              + " == <J^T ybar, d> from custom rule InconsistentAdjointRules.expScaledAdjoint",
          "worst input:");
    }

    @Test
    void reverseRuleOfAnArrayResultInconsistentWithTheForwardRule() {
      String message = failureOf(GradCheck.ofRules(WrongResultAdjointRules.class, "sinTimes"));

      assertContains(message,
          "dot-product test: <resultBar, J d> from custom rule WrongResultAdjointRules.sinTimes"
              + " == <J^T resultBar, d> from custom rule"
              + " WrongResultAdjointRules.sinTimesAdjoint");
    }

    @Test
    void forwardValueOffInTheLastBitFailsTheBitForBitCheck() {
      double x = -0.25;
      double target = Math.log1p(Math.exp(x));
      double rule = Math.log(1 + Math.exp(x));
      assertNotEquals(Double.doubleToLongBits(target), Double.doubleToLongBits(rule),
          "the point must be one where the two formulas round differently");

      String message = assertThrows(AssertionError.class,
          () -> GradCheck.ofRules(LastBitForwardRules.class, "softplus").checkAt(x)).getMessage();

      assertContains(message,
          "the value of custom rule LastBitForwardRules.softplus is bit for bit the primal's",
          "expected:   " + target + " (primal)",
          "actual:     " + rule + " (custom rule LastBitForwardRules.softplus)");
    }

    @Test
    void reverseValueOffInTheLastBitFailsTheBitForBitCheck() {
      double x = -0.25;
      double rule = Math.log(1 + Math.exp(x));

      String message = assertThrows(AssertionError.class,
          () -> GradCheck.ofRules(LastBitAdjointRules.class, "softplus").checkAt(x)).getMessage();

      assertContains(message,
          "the value of custom rule LastBitAdjointRules.softplusAdjoint is bit for bit",
          "actual:     " + rule + " (custom rule LastBitAdjointRules.softplusAdjoint)");
    }

    @Test
    void reverseRuleNotLeavingTheWrittenArrayAsTheTargetDoes() throws Exception {
      String message = failureOf(GradCheck.ofRules(ForgetfulScaleRules.class, "scale"));

      assertContains(message,
          "after custom rule ForgetfulScaleRules.scaleAdjoint, array argument "
              + name("scale", 1, double.class, double[].class)
              + " holds exactly what the primal leaves in it");
    }

    @Test
    void aTargetDeclaredReadOnlyThatWritesItsArrayFails() throws Exception {
      String message = failureOf(GradCheck.ofRules(MisdeclaredScaleRules.class, "scale"));

      assertContains(message, "array argument " + name("scale", 1, double.class, double[].class)
          + " is left as it was, as @CustomRules(readOnly = ...) on custom rules"
          + " MisdeclaredScaleRules");
    }

    @Test
    void reverseRuleAddingIntoTheBufferOfAWrittenArrayFailsTheFinalContentsTest() {
      String message = failureOf(GradCheck.ofRules(AccumulatingScaleRules.class, "scale"));

      assertContains(message,
          "dot-product test with cotangents on every output",
          "from custom rule AccumulatingScaleRules.scaleAdjoint",
          "on entry xBar holds the cotangent of x's final contents");
    }

    @Test
    void reverseRuleOverwritingItsBufferFailsTheSecondCall() {
      String message = failureOf(GradCheck.ofRules(OverwritingDotRules.class, "dot"));

      assertContains(message,
          "custom rule OverwritingDotRules.dotAdjoint adds seed * gradient into its buffers",
          "gradient of custom rule OverwritingDotRules.dotAdjoint from zero buffers with seed 1",
          "(after a second call with seed ");
    }
  }

  @Nested
  class Lookup {
    @TempDir Path dir;

    /**
     * Compiles a holder of {@link Special}'s rules without any annotation processor and loads
     * it: a holder whose rules jgrad's processor would reject at compile time cannot live in
     * the (processed) test sources.
     */
    private Class<?> holder(String simpleName, String body) throws IOException,
        ClassNotFoundException {
      Path source = dir.resolve("src/malformed/" + simpleName + ".java");
      Files.createDirectories(source.getParent());
      Files.writeString(source, "package malformed;\n\n"
          + "import io.jgrad.CustomRules;\n"
          + "import io.jgrad.Dual;\n"
          + "import " + SPECIAL + ";\n\n"
          + "@CustomRules(Special.class)\n"
          + "public final class " + simpleName + " {\n" + body + "\n}\n", StandardCharsets.UTF_8);
      Path classes = Files.createDirectories(dir.resolve("classes"));
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
      try (StandardJavaFileManager files =
          javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
        boolean ok = javac.getTask(null, files, diagnostics,
            List.of("-proc:none", "-classpath", System.getProperty("java.class.path"),
                "-d", classes.toString()),
            null, files.getJavaFileObjects(source)).call();
        assertTrue(ok, () -> "the holder does not compile: " + diagnostics.getDiagnostics());
      }
      ClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
          GradCheckOfRulesTest.class.getClassLoader());
      return Class.forName("malformed." + simpleName, true, loader);
    }

    @Test
    void missingReverseRuleNamesTheExpectedSignature() throws Exception {
      Class<?> holder = holder("ForwardOnly",
          "  public static Dual softplus(double x, double xDot) {\n"
              + "    return new Dual(Special.softplus(x), xDot / (1 + Math.exp(-x)));\n"
              + "  }");
      String x = name("softplus", 0, double.class);

      String message = rejection(() -> GradCheck.ofRules(holder, "softplus"));

      assertContains(message,
          "custom rule ForwardOnly.softplusAdjoint (the reverse rule of " + SPECIAL
              + ".softplus(double " + x + ")) is missing",
          "expected static double softplusAdjoint(double " + x + ", double seed, double[]"
              + " scalarBars) in malformed.ForwardOnly",
          "found: no method named softplusAdjoint");
    }

    @Test
    void reverseRuleWithAnotherSignatureNamesTheExpectedOne() throws Exception {
      Class<?> holder = holder("NoScalarBars",
          "  public static Dual softplus(double x, double xDot) {\n"
              + "    return new Dual(Special.softplus(x), xDot / (1 + Math.exp(-x)));\n"
              + "  }\n"
              + "  public static double softplusAdjoint(double x, double seed) {\n"
              + "    return Special.softplus(x);\n"
              + "  }");
      String x = name("softplus", 0, double.class);

      String message = rejection(() -> GradCheck.ofRules(holder, "softplus"));

      assertContains(message,
          "custom rule NoScalarBars.softplusAdjoint (the reverse rule of",
          "has another signature",
          "expected static double softplusAdjoint(double " + x + ", double seed, double[]"
              + " scalarBars)",
          "found: public static double malformed.NoScalarBars.softplusAdjoint(double,double)");
    }

    @Test
    void reverseRuleOfAVoidTargetTakesNoSeed() throws Exception {
      Class<?> holder = holder("SeededScale",
          "  public static void scale(double a, double aDot, double[] x, double[] xDot) {}\n"
              + "  public static void scaleAdjoint(double a, double[] x, double[] xBar,"
              + " double seed, double[] scalarBars) {}");
      String a = name("scale", 0, double.class, double[].class);
      String x = name("scale", 1, double.class, double[].class);

      String message = rejection(() -> GradCheck.ofRules(holder, "scale"));

      assertContains(message,
          "custom rule SeededScale.scaleAdjoint",
          "expected static void scaleAdjoint(double " + a + ", double[] " + x + ", double[] "
              + x + "Bar, double[] scalarBars)");
    }

    @Test
    void forwardRuleWithAnotherReturnTypeNamesTheExpectedSignature() throws Exception {
      Class<?> holder = holder("ValueOnly",
          "  public static double softplus(double x, double xDot) {\n"
              + "    return Special.softplus(x);\n"
              + "  }\n"
              + "  public static double softplusAdjoint(double x, double seed,"
              + " double[] scalarBars) {\n"
              + "    return Special.softplus(x);\n"
              + "  }");
      String x = name("softplus", 0, double.class);

      String message = rejection(() -> GradCheck.ofRules(holder, "softplus"));

      assertContains(message,
          "custom rule ValueOnly.softplus (the forward rule of " + SPECIAL + ".softplus(double "
              + x + ")) returns double",
          "expected static Dual softplus(double " + x + ", double " + x + "Dot)");
    }

    @Test
    void privateRuleIsRejected() throws Exception {
      Class<?> holder = holder("Hidden",
          "  private static Dual softplus(double x, double xDot) {\n"
              + "    return new Dual(Special.softplus(x), xDot / (1 + Math.exp(-x)));\n"
              + "  }\n"
              + "  static double softplusAdjoint(double x, double seed, double[] scalarBars) {\n"
              + "    return Special.softplus(x);\n"
              + "  }");

      assertContains(rejection(() -> GradCheck.ofRules(holder, "softplus")),
          "custom rule Hidden.softplus (the forward rule of", "must be static and not private");
    }

    @Test
    void holderWithoutTheAnnotationIsRejected() {
      assertContains(rejection(() -> GradCheck.ofRules(NotAHolder.class, "softplus")),
          "io.jgrad.check.fakes.custom.NotAHolder is not annotated with @io.jgrad.CustomRules");
    }

    @Test
    void unknownTargetMethodIsRejected() {
      assertContains(rejection(() -> GradCheck.ofRules(SpecialRules.class, "erf")),
          SPECIAL + " declares no static method named erf");
      assertContains(rejection(() -> GradCheck.ofRules(SpecialRules.class, "sq", int.class)),
          SPECIAL + " declares no method " + SPECIAL + ".sq(int)");
    }

    @Test
    void overloadWithRulesForSeveralNeedsParameterTypes() {
      assertContains(rejection(() -> GradCheck.ofRules(SpecialRules.class, "sq")),
          SPECIAL + ".sq is overloaded and io.jgrad.check.fakes.custom.SpecialRules has rules"
              + " for several of them",
          "pass the parameter types");
    }

    @Test
    void overloadWithoutRulesListsTheExpectedSignatures() throws Exception {
      String x = name("sq", 0, double.class);
      String xs = name("sq", 0, double[].class);

      String message = rejection(() -> GradCheck.ofRules(WrongTangentRules.class, "sq"));

      assertContains(message,
          SPECIAL + ".sq is overloaded and io.jgrad.check.fakes.custom.WrongTangentRules has no"
              + " rules with the signatures of any of them",
          "for sq(double): static Dual sq(double " + x + ", double " + x + "Dot) and static"
              + " double sqAdjoint(double " + x + ", double seed, double[] scalarBars)",
          "for sq(double[]): static Dual sq(double[] " + xs + ", double[] " + xs + "Dot) and"
              + " static double sqAdjoint(double[] " + xs + ", double[] " + xs + "Bar, double"
              + " seed)");
    }
  }
}
