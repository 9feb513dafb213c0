package io.jgrad.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.check.fakes.BadSignature;
import io.jgrad.check.fakes.Floats;
import io.jgrad.check.fakes.InPlace;
import io.jgrad.check.fakes.Logs;
import io.jgrad.check.fakes.MutatingRule;
import io.jgrad.check.fakes.NoRules;
import io.jgrad.check.fakes.OffByOneUlp;
import io.jgrad.check.fakes.Outer;
import io.jgrad.check.fakes.OverwritingAdjoint;
import io.jgrad.check.fakes.Sines;
import io.jgrad.check.fakes.Throwing;
import io.jgrad.check.fakes.WrongAdjoint;
import io.jgrad.check.fakes.WrongConvenience;
import io.jgrad.check.fakes.WrongTangent;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class GradCheckTest {

  private static String failureOf(GradCheck check) {
    return assertThrows(AssertionError.class, check::check).getMessage();
  }

  private static void assertContains(String message, String... parts) {
    for (String part : parts) {
      assertTrue(message.contains(part), () -> "expected <" + part + "> in:\n" + message);
    }
  }

  @Nested
  class CorrectRules {
    @Test
    void passAtRandomPoints() {
      GradCheck.Report report = GradCheck.of(Sines.class, "f").check();

      assertEquals("io.jgrad.check.fakes.Sines.f", report.method());
      assertEquals(5, report.points());
      assertTrue(report.worstFdError() > 0 && report.worstFdError() < 1e-8, report::toString);
      assertTrue(report.worstDotProductError() < 1e-14, report::toString);
      assertContains(report.toString(), "Sines.f", "passed at 5 point(s)");
    }

    @Test
    void passWithManyPointsWideRangeAndLongArrays() {
      GradCheck.Report report =
          GradCheck.of(Sines.class, "f")
              .points(20)
              .seed(7)
              .range(-10, 10)
              .arrayLength(50)
              .intRange(0, 60)
              .check();

      assertEquals(20, report.points());
      assertTrue(report.worstFdError() < 1e-6, report::toString);
    }

    @Test
    void passAtAGivenPointWithNumbersConverted() {
      GradCheck.Report report =
          GradCheck.of(Sines.class, "f").checkAt(2, new double[] {0.1, -0.7, 1.3}, 2);

      assertEquals(1, report.points());
      assertTrue(report.worstFdError() < 1e-8, report::toString);
    }

    @Test
    void passWithACustomGenerator() {
      GradCheck.Report report =
          GradCheck.of(Sines.class, "f")
              .args(random -> new Object[] {random.nextGaussian(), new double[] {3, 4}, 2})
              .points(3)
              .check();

      assertEquals(3, report.points());
    }

    @Test
    void passWhenThePrimalOverwritesItsInputAndTheRulesDoTheSame() {
      assertEquals(5, GradCheck.of(InPlace.class, "f").check().points());
    }

    @Test
    void findRulesOfANestedOwner() {
      assertEquals(
          "io.jgrad.check.fakes.Outer_Inner_Frule",
          RuleMethods.ruleClassName(Outer.Inner.class, "_Frule"));

      GradCheck.Report report = GradCheck.of(Outer.Inner.class, "g").range(-2, 2).check();

      assertEquals("io.jgrad.check.fakes.Outer$Inner.g", report.method());
      assertEquals(5, report.points());
    }

    @Test
    void passWithFloatsAtTheCoarseFloatTolerance() {
      GradCheck.Report report = GradCheck.of(Floats.class, "f").fdTolerance(1e-12).check();

      assertEquals(5, report.points());
      assertTrue(report.worstFdError() <= GradCheck.FLOAT_FD_TOLERANCE, report::toString);
      assertTrue(report.worstDotProductError() < 1e-14, report::toString);
    }
  }

  @Nested
  class BrokenRules {
    @Test
    void wrongTangentFailsFiniteDifferences() {
      String message = failureOf(GradCheck.of(WrongTangent.class, "f"));

      assertContains(
          message,
          "GradCheck failed for io.jgrad.check.fakes.WrongTangent.f(double ",
          "check:      forward rule WrongTangent_Frule.f vs central finite differences",
          "of 5 (seed 42)",
          "arguments:  a = ",
          ", x = [",
          ", arg2 = ",
          "direction:  aDot = ",
          ", xDot = [",
          "expected:",
          "(finite difference, best step h = ",
          "(tangent from WrongTangent_Frule.f)",
          "> tolerance 1.0E-6");
    }

    @Test
    void wrongAdjointFailsTheDotProductTest() {
      String message = failureOf(GradCheck.of(WrongAdjoint.class, "f"));

      assertContains(
          message,
          "dot-product test",
          "from WrongAdjoint_Rrule.fAdjoint with seed ybar",
          "ybar:",
          "gradient:   aBar = ",
          "(ybar * tangent from WrongAdjoint_Frule.f)",
          "(<adjoint buffers, direction>)",
          "> tolerance 1.0E-10");
    }

    @Test
    void wrongConvenienceGradientFailsTheDotProductTest() {
      String message = failureOf(GradCheck.of(WrongConvenience.class, "f"));

      assertContains(
          message,
          "dot-product test",
          "== <J^T ybar, d> from WrongConvenience_Rrule.f\n",
          "(ybar * <gradient, direction>)");
    }

    @Test
    void valueOffByOneUlpFailsTheBitForBitCheck() {
      String message = failureOf(GradCheck.of(OffByOneUlp.class, "f"));

      assertContains(
          message,
          "the value of OffByOneUlp_Frule.f is bit for bit the primal's value",
          "(primal)",
          "(OffByOneUlp_Frule.f), 1 ulp away");
    }

    @Test
    void overwritingAdjointFailsTheAccumulationCheck() {
      String message = failureOf(GradCheck.of(OverwritingAdjoint.class, "f"));

      assertContains(
          message,
          "OverwritingAdjoint_Rrule.fAdjoint adds seed * gradient into its buffers",
          "first:",
          "gradient of OverwritingAdjoint_Rrule.f)",
          "(after a second call with seed ",
          "> tolerance 1.0E-12");
    }

    @Test
    void ruleThatModifiesItsInputArrayFails() {
      String message = failureOf(GradCheck.of(MutatingRule.class, "f"));

      assertContains(
          message,
          "after MutatingRule_Frule.f, array argument x holds exactly what the primal leaves in it",
          "(x after the primal)",
          "(x after MutatingRule_Frule.f)",
          "first at index 0: ",
          "vs 0.0");
    }

    @Test
    void failureAtAGivenPointSaysSo() {
      String message =
          assertThrows(
                  AssertionError.class,
                  () -> GradCheck.of(WrongTangent.class, "f").checkAt(1.5, new double[] {0.3}, 1))
              .getMessage();

      assertContains(message, "point:      given to checkAt", "a = 1.5, x = [0.3], arg2 = 1");
    }
  }

  @Nested
  class Points {
    @Test
    void nonFinitePointsAreSkippedButCounted() {
      GradCheck.Report report = GradCheck.of(Logs.class, "f").points(20).check();

      assertTrue(report.points() > 0 && report.points() < 20, report::toString);
    }

    @Test
    void failsWhenNoPointCanBeChecked() {
      String message = failureOf(GradCheck.of(Logs.class, "f").range(-2, -1));

      assertContains(message, "at least one point can be checked", "at all 5 point(s)");
    }

    @Test
    void defaultGeneratorHonoursRangesAndLengths() {
      ArgumentGenerator generator =
          new ArgumentGenerator(Signature.of(Sines.class, "f"), 2, 3, 4, 7, 7);

      for (int i = 0; i < 10; i++) {
        Object[] args = generator.generate(new Random(i));
        double a = (Double) args[0];
        double[] x = (double[]) args[1];
        assertTrue(a >= 2 && a <= 3, "a = " + a);
        assertEquals(4, x.length);
        for (double v : x) {
          assertTrue(v >= 2 && v <= 3, "x entry " + v);
        }
        assertEquals(7, args[2]);
      }
    }

    @Test
    void sameSeedGivesSameReport() {
      assertEquals(
          GradCheck.of(Sines.class, "f").seed(3).check(),
          GradCheck.of(Sines.class, "f").seed(3).check());
    }

    @Test
    void argumentCopiesAreIndependent() {
      double[] x = {1, 2};
      Object[] copy = Signature.copy(new Object[] {x, 3});
      ((double[]) copy[0])[0] = 9;

      assertArrayEquals(new double[] {1, 2}, x);
      assertEquals(3, copy[1]);
    }
  }

  @Nested
  class Misuse {
    @Test
    void exceptionFromThePrimalSurfacesUnchanged() {
      IOException thrown =
          assertThrows(IOException.class, () -> GradCheck.of(Throwing.class, "f").checkAt(-1.0));

      assertEquals("a must not be negative: -1.0", thrown.getMessage());
    }

    @Test
    void missingRulesFailWithAHint() {
      String message = failureOf(GradCheck.of(NoRules.class, "f"));

      assertContains(
          message,
          "check:      the generated rules exist",
          "class io.jgrad.check.fakes.NoRules_Frule",
          "@io.jgrad.Grad");
    }

    @Test
    void malformedRuleSignatureFailsNamingTheExpectedOne() {
      String message = failureOf(GradCheck.of(BadSignature.class, "f"));

      assertContains(
          message,
          "static method io.jgrad.check.fakes.BadSignature_Frule.f(double, double)",
          "found:",
          "BadSignature_Frule.f(double)");
    }

    @Test
    void unknownOverloadedNonStaticOrNonNumericMethodsAreRejected() {
      assertContains(
          assertThrows(IllegalArgumentException.class, () -> GradCheck.of(NoRules.class, "h"))
              .getMessage(),
          "declares no method named h");
      assertContains(
          assertThrows(IllegalArgumentException.class, () -> GradCheck.of(NoRules.class, "g"))
              .getMessage(),
          "is overloaded");
      assertContains(
          assertThrows(
                  IllegalArgumentException.class, () -> GradCheck.of(NoRules.class, "instance"))
              .getMessage(),
          "is not static");
      assertContains(
          assertThrows(
                  IllegalArgumentException.class, () -> GradCheck.of(NoRules.class, "integer"))
              .getMessage(),
          "must return double or float");
    }

    @Test
    void badArgumentsAreRejected() {
      GradCheck check = GradCheck.of(Sines.class, "f");

      assertContains(
          assertThrows(IllegalArgumentException.class, () -> check.checkAt(1.0)).getMessage(),
          "takes 3 arguments, got 1");
      assertContains(
          assertThrows(
                  IllegalArgumentException.class, () -> check.checkAt(1.0, "x", 2))
              .getMessage(),
          "must be a double[], got java.lang.String");
      assertContains(
          assertThrows(
                  IllegalArgumentException.class,
                  () -> check.checkAt(1.0, new double[] {1}, 2.5))
              .getMessage(),
          "must be a int");
    }

    @Test
    void badConfigurationIsRejected() {
      GradCheck check = GradCheck.of(Sines.class, "f");

      assertThrows(IllegalArgumentException.class, () -> check.points(0));
      assertThrows(IllegalArgumentException.class, () -> check.range(1, 0));
      assertThrows(IllegalArgumentException.class, () -> check.range(0, Double.NaN));
      assertThrows(IllegalArgumentException.class, () -> check.arrayLength(-1));
      assertThrows(IllegalArgumentException.class, () -> check.intRange(3, 2));
      assertThrows(IllegalArgumentException.class, () -> check.fdTolerance(0));
    }
  }
}
