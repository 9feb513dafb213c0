package io.jgrad.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.check.fakes.AddingInPlace;
import io.jgrad.check.fakes.ArrayResult;
import io.jgrad.check.fakes.ArrayValueOffByOneUlp;
import io.jgrad.check.fakes.FastSine;
import io.jgrad.check.fakes.Axpy;
import io.jgrad.check.fakes.Body;
import io.jgrad.check.fakes.BadSignature;
import io.jgrad.check.fakes.Absorbing;
import io.jgrad.check.fakes.Cancelling;
import io.jgrad.check.fakes.Jittery;
import io.jgrad.check.fakes.Dot;
import io.jgrad.check.fakes.ExpInPlace;
import io.jgrad.check.fakes.FloatScale;
import io.jgrad.check.fakes.Polar;
import io.jgrad.check.fakes.PolarSwappedBar;
import io.jgrad.check.fakes.FloatScaleStaleBar;
import io.jgrad.check.fakes.Floats;
import io.jgrad.check.fakes.ForgetfulRecordAdjoint;
import io.jgrad.check.fakes.Guarded;
import io.jgrad.check.fakes.GuardedNotThrowing;
import io.jgrad.check.fakes.InPlace;
import io.jgrad.check.fakes.Kinked;
import io.jgrad.check.fakes.LeakingTape;
import io.jgrad.check.fakes.HalfRejectingAxpy;
import io.jgrad.check.fakes.Logs;
import io.jgrad.check.fakes.MatrixForm;
import io.jgrad.check.fakes.MutatingRule;
import io.jgrad.check.fakes.NaiveAxpy;
import io.jgrad.check.fakes.NoRules;
import io.jgrad.check.fakes.NotRestoring;
import io.jgrad.check.fakes.OffByOneUlp;
import io.jgrad.check.fakes.Outer;
import io.jgrad.check.fakes.OverwritingAdjoint;
import io.jgrad.check.fakes.OverwritingRecordAdjoint;
import io.jgrad.check.fakes.Quantized;
import io.jgrad.check.fakes.RecordArgs;
import io.jgrad.check.fakes.RecordEnergy;
import io.jgrad.check.fakes.RecordPositions;
import io.jgrad.check.fakes.RecordStep;
import io.jgrad.check.fakes.Shapes;
import io.jgrad.check.fakes.Sines;
import io.jgrad.check.fakes.SlightlyWrong;
import io.jgrad.check.fakes.StaleOutputBar;
import io.jgrad.check.fakes.SwapRows;
import io.jgrad.check.fakes.Throwing;
import io.jgrad.check.fakes.TransposedMatrixBar;
import io.jgrad.check.fakes.Untangled;
import io.jgrad.check.fakes.UntouchedOutputTangent;
import io.jgrad.check.fakes.VoidStep;
import io.jgrad.check.fakes.WrongAdjoint;
import io.jgrad.check.fakes.WrongConvenience;
import io.jgrad.check.fakes.WrongInto;
import io.jgrad.check.fakes.WrongDirections;
import io.jgrad.check.fakes.WrongHvp;
import io.jgrad.check.fakes.RightHvp;
import io.jgrad.check.fakes.AsymmetricHvp;
import io.jgrad.check.fakes.WrongFunctionObject;
import io.jgrad.check.fakes.WrongJacobian;
import io.jgrad.check.fakes.WrongNestedTangent;
import io.jgrad.check.fakes.WrongResultAdjoint;
import io.jgrad.check.fakes.WrongTangent;
import io.jgrad.check.fakes.Csr;
import io.jgrad.check.fakes.CsrQuad;
import io.jgrad.check.fakes.Csr_Tangent;
import io.jgrad.check.fakes.ForgetfulTableAdjoint;
import io.jgrad.check.fakes.LongTableGradient;
import io.jgrad.check.fakes.NotRestoringTable;
import io.jgrad.check.fakes.OverwritingTableAdjoint;
import io.jgrad.check.fakes.ShortTableTangent;
import io.jgrad.check.fakes.Table;
import io.jgrad.check.fakes.TableArgs;
import io.jgrad.check.fakes.TableEnergy;
import io.jgrad.check.fakes.TableScale;
import io.jgrad.check.fakes.Table_Tangent;
import io.jgrad.check.fakes.CubeDot;
import io.jgrad.check.fakes.CubeEnergy;
import io.jgrad.check.fakes.CubeInPlace;
import io.jgrad.check.fakes.CubeMatrixDot;
import io.jgrad.check.fakes.CubeRowSums;
import io.jgrad.check.fakes.FilterEnergy;
import io.jgrad.check.fakes.Filters;
import io.jgrad.check.fakes.Filters_Tangent;
import io.jgrad.check.fakes.ForgetfulCubeAdjoint;
import io.jgrad.check.fakes.Kernel;
import io.jgrad.check.fakes.LongCubeGradient;
import io.jgrad.check.fakes.MisorderedCubeJacobian;
import io.jgrad.check.fakes.NotRestoringCube;
import io.jgrad.check.fakes.OverwritingCubeAdjoint;
import io.jgrad.check.fakes.ShortCubeTangent;
import io.jgrad.check.fakes.SwapPlanes;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
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
    void secondOrderRulesAreCheckedAtEveryPoint() {
      GradCheck.Report report = GradCheck.of(RightHvp.class, "f").check();

      assertEquals(5, report.points());
      assertEquals(5, report.hessianPoints());
      assertTrue(report.worstHessianError() > 0 && report.worstHessianError() < 1e-6,
          report::toString);
      assertContains(report.toString(), "Hessian-vector products checked at 5 point(s)");
    }

    @Test
    void secondOrderRulesCanBeRequired() {
      GradCheck.Report report = GradCheck.of(RightHvp.class, "f").requireSecondOrder(true)
          .check();
      assertEquals(5, report.hessianPoints());

      String message = failureOf(GradCheck.of(Sines.class, "f").requireSecondOrder(true));
      assertContains(message, "Sines_Rrule.fHvp exists (second-order rules)",
          "the reverse rules have no HVP", "jgrad.debug");
      assertEquals(5, GradCheck.of(Sines.class, "f").requireSecondOrder(false).check().points());
    }

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

    @Test
    void passWhereTheMismatchIsWithinTheMeasuredRoundingNoise() {
      GradCheck.Report report = GradCheck.of(Cancelling.class, "f").points(20).check();

      assertEquals(20, report.points());
      assertTrue(report.roundingNoise() > 0, report::toString);
      assertTrue(report.worstDotProductError() <= 1e-10, report::toString);
      assertContains(report.toString(), "ill-conditioned point(s)");
    }

    @Test
    void floatResultsAreComparedWithFiniteDifferencesUpToFloatRounding() {
      GradCheck.Report report = GradCheck.of(Quantized.class, "f").points(5).check();

      assertEquals(5, report.points());
    }

    @Test
    void passWhereLargeCancellingAdjointsAbsorbWhatABufferHeld() {
      GradCheck.Report report = GradCheck.of(Absorbing.class, "f").points(20).check();

      assertEquals(20, report.points());
      assertTrue(report.roundingNoise() > 0, report::toString);
    }

    @Test
    void jacobianPassesWhereTheMismatchIsWithinTheMeasuredRoundingNoise() {
      GradCheck.Report report = GradCheck.of(Jittery.class, "f").points(20).check();

      assertEquals(20, report.points());
      assertTrue(report.roundingNoise() > 0, report::toString);
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
    void vectorForwardModeMixingDirectionsFails() {
      String message = failureOf(GradCheck.of(WrongDirections.class, "f"));

      assertContains(
          message,
          "check:      the result's tangent from WrongDirections_Frule.fDirections along each"
              + " direction is bit for bit the one WrongDirections_Frule.f returns",
          "direction:  1 (a random direction)",
          "(WrongDirections_Frule.f)",
          "(WrongDirections_Frule.fDirections)");
    }

    @Test
    void aWrongHessianVectorProductFailsFiniteDifferencesOfTheGradient() {
      String message = failureOf(GradCheck.of(WrongHvp.class, "f"));

      assertContains(
          message,
          "check:      WrongHvp_Rrule.fHvp vs central finite differences of the gradient",
          "(finite difference of WrongHvp_Rrule.f, best step h = ",
          "(Hessian times direction from WrongHvp_Rrule.fHvp)");
    }

    @Test
    void anAsymmetricHessianFails() {
      String message = failureOf(GradCheck.of(AsymmetricHvp.class, "f"));

      assertContains(
          message,
          "check:      AsymmetricHvp_Rrule.fHvp is symmetric: w . (H u) = u . (H w)");
    }

    @Test
    void aFunctionObjectDisagreeingWithTheRulesFails() {
      String message = failureOf(GradCheck.of(WrongFunctionObject.class, "f"));

      assertContains(
          message,
          "check:      WrongFunctionObject_Rrule.fFunction.valueAndGradient gives"
              + " WrongFunctionObject_Rrule.f's derivatives, bit for bit",
          "entry:      0 (");
    }

    @Test
    void forwardIntoDisagreeingWithTheForwardRuleFails() {
      String message = failureOf(GradCheck.of(WrongInto.class, "f"));

      assertContains(
          message,
          "check:      the tangent WrongInto_Frule.fInto stores is bit for bit the one"
              + " WrongInto_Frule.f returns",
          "(WrongInto_Frule.fInto)");
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
    void smallConsistentErrorFailsAlthoughItIsFarBelowFiniteDifferenceAccuracy() {
      String message = failureOf(GradCheck.of(SlightlyWrong.class, "f"));

      assertContains(
          message,
          "dot-product test",
          "from SlightlyWrong_Rrule.fAdjoint with seed ybar",
          "> tolerance 1.0E-10; mismatch ",
          "x the rounding noise measured at this point (0.0)");
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
    void unknownOverloadedOrNonNumericMethodsAreRejectedAndInstanceMethodsNeedRules() {
      assertContains(
          assertThrows(IllegalArgumentException.class, () -> GradCheck.of(NoRules.class, "h"))
              .getMessage(),
          "declares no method named h");
      assertContains(
          assertThrows(IllegalArgumentException.class, () -> GradCheck.of(NoRules.class, "g"))
              .getMessage(),
          "is overloaded");
      // an instance method is checked with its receiver as argument 0: here, no rules exist
      assertContains(
          assertThrows(AssertionError.class,
              () -> GradCheck.of(NoRules.class, "instance").check()).getMessage(),
          "class io.jgrad.check.fakes.NoRules_Frule");
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

  @Nested
  class ArrayRules {
    @Test
    void arrayResultPassesIncludingTheJacobian() {
      GradCheck.Report report = GradCheck.of(ArrayResult.class, "f").check();

      assertEquals(5, report.points());
      assertTrue(report.worstFdError() < 1e-8, report::toString);
      assertTrue(report.worstDotProductError() < 1e-14, report::toString);
      assertTrue(report.worstJacobianError() < 1e-15, report::toString);
      assertEquals(0, report.rejected());
    }

    @Test
    void voidMethodWritingAnOutputArrayPasses() {
      GradCheck.Report report = GradCheck.of(VoidStep.class, "step").range(-2, 2).check();

      assertEquals(5, report.points());
      assertTrue(report.worstFdError() < 1e-8, report::toString);
      assertEquals(0.0, report.worstJacobianError());
    }

    @Test
    void mutatedArgumentFollowsTheEntryAndFinalContentsContract() {
      GradCheck.Report report = GradCheck.of(ExpInPlace.class, "f").arrayLength(4).check();

      assertEquals(5, report.points());
      assertTrue(report.worstDotProductError() < 1e-14, report::toString);
    }

    @Test
    void matrixParameterPasses() {
      GradCheck.Report report = GradCheck.of(MatrixForm.class, "f").arrayLength(4).check();

      assertEquals(5, report.points());
      assertTrue(report.worstFdError() < 1e-8, report::toString);
    }

    @Test
    void matrixParameterWithGivenRaggedShapesPasses() {
      double[][] w = {{0.5, -1.0, 0.25}, {1.5, 0.1, -0.3}};
      GradCheck.Report report = GradCheck.of(MatrixForm.class, "f")
          .checkAt(w, new double[] {0.2, -0.4, 0.9});

      assertEquals(1, report.points());
    }

    @Test
    void swappedRowsAreComparedSlotBySlot() {
      assertEquals(5, GradCheck.of(SwapRows.class, "f").arrayLength(3).check().points());
    }
  }

  @Nested
  class BrokenArrayRules {
    @Test
    void wrongJacobianFails() {
      String message = failureOf(GradCheck.of(WrongJacobian.class, "f").arrayLength(3));

      assertContains(
          message,
          "check:      WrongJacobian_Rrule.fJacobian vs forward-mode columns from"
              + " WrongJacobian_Frule.f",
          "(forward mode)",
          "entry:      [0][",
          ", input column ",
          "> tolerance 1.0E-10");
    }

    @Test
    void wrongAdjointOfAnArrayResultFailsTheDotProductTest() {
      String message = failureOf(GradCheck.of(WrongResultAdjoint.class, "f"));

      assertContains(
          message,
          "dot-product test: <resultBar, J d> from WrongResultAdjoint_Frule.f",
          "WrongResultAdjoint_Rrule.fAdjoint with resultBar",
          "resultBar:  [",
          "(<resultBar, result tangent from WrongResultAdjoint_Frule.f>)");
    }

    @Test
    void arrayValueOffByOneUlpFails() {
      String message = failureOf(GradCheck.of(ArrayValueOffByOneUlp.class, "f"));

      assertContains(
          message,
          "the value of ArrayValueOffByOneUlp_Frule.f is element for element bit for bit",
          "first at index 5: ",
          "1 ulp away");
    }

    @Test
    void staleOutputAdjointFailsTheDotProductTestOnEveryOutput() {
      String message = failureOf(GradCheck.of(StaleOutputBar.class, "step"));

      assertContains(
          message,
          "dot-product test with cotangents on every output",
          "from StaleOutputBar_Rrule.stepAdjoint",
          // without javac -parameters a void method's parameters are arg0, arg1, ...
          "xbarOut:    arg0Bar = [",
          ", arg1Bar = [",
          "hint:       on entry xBar holds the cotangent of x's final contents");
    }

    @Test
    void untouchedOutputTangentFailsFiniteDifferences() {
      String message = failureOf(GradCheck.of(UntouchedOutputTangent.class, "step"));

      assertContains(
          message,
          "forward rule UntouchedOutputTangent_Frule.step vs central finite differences",
          "output:     arg1[",
          "(final contents)");
    }

    @Test
    void adjointThatOnlyAddsIntoAMutatedArgumentFails() {
      String message = failureOf(GradCheck.of(AddingInPlace.class, "f"));

      assertContains(
          message,
          "dot-product test with cotangents on every output",
          "AddingInPlace_Rrule.fAdjoint");
    }

    @Test
    void reverseRuleThatDoesNotLeaveTheArgumentAsThePrimalDoesFails() {
      String message = failureOf(GradCheck.of(NotRestoring.class, "f"));

      assertContains(
          message,
          "after NotRestoring_Rrule.f, array argument x holds exactly what the primal leaves in it");
    }

    @Test
    void transposedMatrixAdjointFails() {
      String message = failureOf(GradCheck.of(TransposedMatrixBar.class, "f").arrayLength(3));

      assertContains(
          message, "dot-product test", "gradient:   wBar[0] = [", ", wBar[1] = [", ", xBar = [");
    }
  }

  /** A record result is checked as the array of its numbers. */
  @Nested
  class RecordResults {
    @Test
    void correctRulesOfARecordResultPass() {
      GradCheck.Report report = GradCheck.of(Polar.class, "polar").range(0.5, 2).check();

      assertEquals(5, report.points());
    }

    @Test
    void swappedResultCotangentFailsTheDotProductTest() {
      String message = failureOf(GradCheck.of(PolarSwappedBar.class, "polar").range(0.5, 2));

      assertContains(message, "dot-product test", "PolarSwappedBar_Rrule");
    }
  }

  /** A float[] argument is held as its double image; its tangent and adjoint are double[]s. */
  @Nested
  class FloatArrays {
    @Test
    void correctRulesOfAFloatArrayPass() {
      GradCheck.Report report = GradCheck.of(FloatScale.class, "scale").check();

      assertEquals(5, report.points());
    }

    @Test
    void floatOrDoubleArraysAreAcceptedAsArguments() {
      GradCheck.of(FloatScale.class, "scale")
          .args(r -> new Object[] {new float[] {0.5f, -1.25f}, 1.5})
          .check();
      GradCheck.of(FloatScale.class, "scale")
          .args(r -> new Object[] {new double[] {0.1, -0.7}, 0.25})
          .check();
      String message = assertThrows(IllegalArgumentException.class,
          () -> GradCheck.of(FloatScale.class, "scale")
              .args(r -> new Object[] {new int[] {1, 2}, 0.25}).check()).getMessage();
      assertContains(message, "must be a float[], got int[]");
    }

    @Test
    void staleAdjointOfAFloatArrayFailsTheDotProductTest() {
      String message = failureOf(GradCheck.of(FloatScaleStaleBar.class, "scale"));

      assertContains(message, "dot-product test",
          "from FloatScaleStaleBar_Rrule.scaleAdjoint");
    }
  }

  @Nested
  class Aliasing {
    @Test
    void readOnlyAliasingMustBeCorrectAndIs() {
      GradCheck.Report report = GradCheck.of(Dot.class, "dot").alias(0, 1).check();

      assertEquals(5, report.points());
      assertEquals(0, report.rejected());
    }

    @Test
    void checkAliasingAcceptsCorrectRules() {
      GradCheck.Report report = GradCheck.of(Dot.class, "dot").checkAliasing(0, 1);

      assertEquals(5, report.points());
      assertEquals(0, report.rejected());
    }

    @Test
    void writtenAliasedArraysAreRejectedAndThatIsAccepted() {
      GradCheck.of(Axpy.class, "axpy").check();
      GradCheck.Report report = GradCheck.of(Axpy.class, "axpy").checkAliasing(1, 2);

      assertEquals(0, report.points());
      assertEquals(5, report.rejected());
      assertContains(report.toString(), "arguments rejected at 5 point(s)");
    }

    @Test
    void rejectionIsAFailureWhenCorrectnessIsRequired() {
      IllegalArgumentException thrown =
          assertThrows(
              IllegalArgumentException.class,
              () -> GradCheck.of(Axpy.class, "axpy").alias(1, 2).check());

      assertContains(thrown.getMessage(), "axpy writes y");
    }

    @Test
    void silentlyWrongAliasedRulesFail() {
      GradCheck.of(NaiveAxpy.class, "axpy").check();
      String message =
          assertThrows(
                  AssertionError.class, () -> GradCheck.of(NaiveAxpy.class, "axpy").checkAliasing(1, 2))
              .getMessage();

      assertContains(
          message,
          "dot-product test with cotangents on every output",
          "direction:  arg0Dot = ",
          "arg1Dot = [");
    }

    @Test
    void rulesThatDisagreeOnRejectingFail() {
      String message =
          assertThrows(
                  AssertionError.class,
                  () -> GradCheck.of(HalfRejectingAxpy.class, "axpy").checkAliasing(1, 2))
              .getMessage();

      assertContains(
          message,
          "the rules agree on whether to reject",
          "rejecting:  HalfRejectingAxpy_Frule.axpy (IllegalArgumentException)",
          "accepting:  HalfRejectingAxpy_Rrule.axpyAdjoint");
    }

    @Test
    void aliasNeedsTwoArrayParametersOfOneType() {
      GradCheck check = GradCheck.of(Axpy.class, "axpy");

      assertThrows(IllegalArgumentException.class, () -> check.alias(0, 1));
      assertThrows(IllegalArgumentException.class, () -> check.alias(1, 1));
      assertThrows(IllegalArgumentException.class, () -> check.alias(1, 3));
      assertThrows(
          IllegalArgumentException.class, () -> GradCheck.of(MatrixForm.class, "f").alias(0, 1));
    }

    @Test
    void copiesKeepSharingAndCopyRows() {
      double[] x = {1, 2};
      double[][] w = {x, {3}};
      Object[] copy = Signature.copy(new Object[] {x, w, x});

      assertSame(copy[0], copy[2]);
      assertSame(copy[0], ((double[][]) copy[1])[0]);
      ((double[][]) copy[1])[1][0] = 9;
      assertEquals(3, w[1][0]);
    }
  }

  @Nested
  class ArrayPoints {
    @Test
    void defaultGeneratorMakesSquareMatrices() {
      ArgumentGenerator generator =
          new ArgumentGenerator(Signature.of(MatrixForm.class, "f"), 2, 3, 4, 0, 0);

      Object[] args = generator.generate(new Random(1));
      double[][] w = (double[][]) args[0];
      assertEquals(4, w.length);
      for (double[] row : w) {
        assertEquals(4, row.length);
        for (double v : row) {
          assertTrue(v >= 2 && v <= 3, "w entry " + v);
        }
      }
    }

    @Test
    void layoutCountsSharedMemoryOnce() {
      double[] x = {1, 2};
      double[][] w = {x, {3, 4, 5}};
      Signature signature = Signature.of(MatrixForm.class, "f");
      Layout layout = Layout.of(signature, new Object[] {w, x});

      assertEquals(2, layout.leafCount());
      assertTrue(layout.aliased());
      assertEquals(3, layout.leafLength(1));
      assertEquals(5, layout.columns().size() - 2, "x counted as a column block of its own");
      Object[] built = layout.build(new double[][] {{7, 8}, {0, 0, 0}});
      assertSame(((double[][]) built[0])[0], built[1]);
    }
  }

  @Nested
  class RecordRules {
    private final Body body = new Body(0.7, 0.3f, 2, new Shapes.Vec(0.4, -0.2));

    @Test
    void recordAndRecordArrayParametersPass() {
      GradCheck.Report report = GradCheck.of(RecordEnergy.class, "f").check();

      assertEquals(5, report.points());
      // b.charge is a float: finite differences are coarse
      assertTrue(report.worstFdError() <= GradCheck.FLOAT_FD_TOLERANCE, report::toString);
      assertTrue(report.worstDotProductError() < 1e-14, report::toString);
      assertEquals(report, GradCheck.of(RecordEnergy.class, "f").tapes().exceptions().check());
    }

    @Test
    void nullElementsOfARecordArrayHaveNoTangent() {
      Shapes.Vec[] vs = {new Shapes.Vec(0.1, 0.9), null, new Shapes.Vec(-0.5, 0.3)};

      assertEquals(1, GradCheck.of(RecordEnergy.class, "f").checkAt(body, vs, 0.5).points());
    }

    @Test
    void theSameRecordPassedTwiceIsTwoInputs() {
      Shapes.Vec shared = body.pos();

      GradCheck.Report report = GradCheck.of(RecordEnergy.class, "f")
          .checkAt(body, new Shapes.Vec[] {shared, shared}, -1.5);

      assertEquals(1, report.points());
    }

    @Test
    void arrayResultOfRecordsPassesIncludingTheJacobian() {
      GradCheck.Report report = GradCheck.of(RecordPositions.class, "f").arrayLength(4).check();

      assertEquals(5, report.points());
      assertTrue(report.worstJacobianError() < 1e-15, report::toString);
      GradCheck.of(RecordPositions.class, "f")
          .checkAt(body, new Shapes.Vec[] {null, new Shapes.Vec(1, 2), new Shapes.Vec(3, 4)});
    }

    @Test
    void voidMethodReplacingRecordElementsPasses() {
      GradCheck.Report report = GradCheck.of(RecordStep.class, "scale").range(-2, 2).check();

      assertEquals(5, report.points());
      GradCheck.of(RecordStep.class, "scale")
          .checkAt(new Shapes.Vec[] {new Shapes.Vec(1, 2), null}, 0.5);
    }

    @Test
    void layoutFlattensRecordsDepthFirstAndRebuildsThem() {
      Signature signature = Signature.of(RecordEnergy.class, "f");
      Shapes.Vec[] vs = {new Shapes.Vec(1, 2), null, new Shapes.Vec(3, 4)};
      Object[] args = {body, vs, 0.5};
      Layout layout = Layout.of(signature, args);

      assertEquals(1 + 4 + 2 + 2, layout.columns().size());
      assertEquals("arg0.pos.x", layout.entryName(0, 2, ""));
      assertEquals("arg1Bar[2].y", layout.entryName(2, 1, "Bar"));
      DiffVector direction = layout.zeros();
      direction.arrays[0][1] = 1; // b.charge
      direction.arrays[0][3] = 1; // b.pos.y
      direction.arrays[2][0] = 1; // vs[2].x
      Object[] moved = layout.perturb(args, direction, 0.25);

      // the int is kept, the float rounded, the nested record rebuilt
      assertEquals(
          new Body(0.7, (float) (0.3f + 0.25), 2, new Shapes.Vec(0.4, -0.2 + 0.25)), moved[0]);
      assertArrayEquals(
          new Shapes.Vec[] {vs[0], null, new Shapes.Vec(3.25, 4)}, (Shapes.Vec[]) moved[1]);
      assertEquals(new Shapes.Vec(3, 4), vs[2], "the arguments are not modified");
    }

    @Test
    void defaultGeneratorBuildsRecordsFromRandomComponents() {
      ArgumentGenerator generator =
          new ArgumentGenerator(Signature.of(RecordArgs.class, "tagged"), 2, 3, 4, 7, 7);

      Object[] args = generator.generate(new Random(1));
      RecordArgs.Tagged t = (RecordArgs.Tagged) args[0];
      assertTrue(t.w() >= 2 && t.w() <= 3 && t.v().x() >= 2 && t.v().y() <= 3, t::toString);
      assertEquals("s", t.label());
      assertEquals(7, t.id());
      assertEquals(7, t.sh());
      assertEquals(4, ((Shapes.Vec[]) args[1]).length);
    }

    @Test
    void aRecordWhoseConstructorRejectsRandomComponentsNeedsArgs() {
      ArgumentGenerator generator =
          new ArgumentGenerator(Signature.of(RecordArgs.class, "positive"), -2, -1, 4, 0, 4);

      String message =
          assertThrows(IllegalArgumentException.class, () -> generator.generate(new Random(1)))
              .getMessage();

      assertContains(message, "random Positive for parameter", "rejected by its constructor",
          "negative: -1.", "supply points with args(...)");
    }
  }

  @Nested
  class BrokenRecordRules {
    @Test
    void missingTangentClassFailsNamingIt() {
      String message = failureOf(GradCheck.of(Untangled.class, "f"));

      assertContains(
          message,
          "check:      the generated rules exist",
          "tangent:    missing class io.jgrad.check.fakes.Untangled_Point_Tangent (of record"
              + " io.jgrad.check.fakes.Untangled$Point, parameter ");
    }

    @Test
    void adjointForgettingARecordComponentFailsNamingIt() {
      String message = failureOf(GradCheck.of(ForgetfulRecordAdjoint.class, "f"));

      assertContains(
          message,
          "dot-product test",
          "from ForgetfulRecordAdjoint_Rrule.fAdjoint with seed ybar",
          // the names come from the gradient record (bBar): the fakes have no javac -parameters
          "gradient:   sBar = ",
          ", bBar = (mass = ",
          ", charge = 0.0, pos.x = ",
          "worst input: bBar.charge: 0.0 from ForgetfulRecordAdjoint_Rrule.fAdjoint, expected ",
          "along bDot.charge = 1)");
    }

    @Test
    void wrongTangentOfANestedRecordComponentFailsFiniteDifferences() {
      String message = failureOf(GradCheck.of(WrongNestedTangent.class, "f"));

      assertContains(
          message,
          "forward rule WrongNestedTangent_Frule.f vs central finite differences",
          ", bDot = (mass = ",
          ", pos.x = ",
          "vsDot[0] = (x = ",
          "(tangent from WrongNestedTangent_Frule.f)");
    }

    @Test
    void adjointAssigningIntoARecordBufferFailsTheAccumulationCheck() {
      String message = failureOf(GradCheck.of(OverwritingRecordAdjoint.class, "f"));

      assertContains(
          message,
          "OverwritingRecordAdjoint_Rrule.fAdjoint adds seed * gradient into its buffers",
          ", bBar = (mass = ",
          "(after a second call with seed ",
          "> tolerance 1.0E-12");
    }
  }

  /** A table with a ragged matrix (a null row), a vector, repeated indices and a scale. */
  private static Table table() {
    return new Table("t", new double[][] {{0.5, -0.3, 0.2}, null, {1.1}},
        new double[] {0.4, -0.7, 1.2}, new int[] {0, 2, 2}, 0.8);
  }

  /** A random table: random numbers, a random ragged shape, distinct indices into b. */
  private static Table table(Random r) {
    double[][] a = new double[r.nextInt(1, 4)][];
    for (int i = 0; i < a.length; i++) {
      a[i] = i == 1 ? null : uniform(r, r.nextInt(1, 4));
    }
    return new Table("t", a, uniform(r, 3), new int[] {2, 0}, 0.5 + r.nextDouble());
  }

  private static double[] uniform(Random r, int n) {
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = 2 * r.nextDouble() - 1;
    }
    return values;
  }

  /** A 3 x 3 sparse matrix with 5 entries. */
  private static Csr csr() {
    return new Csr(new int[] {0, 2, 3, 5}, new int[] {0, 2, 1, 0, 2},
        new double[] {0.5, -1.5, 2.0, 0.25, -0.75}, 1.25);
  }

  @Nested
  class RecordsHoldingArrays {
    @Test
    void correctRulesPassAtRandomAndGivenPoints() {
      GradCheck check = GradCheck.of(TableEnergy.class, "f")
          .args(r -> new Object[] {table(r), uniform(r, 3)});
      GradCheck.Report report = check.check();

      assertEquals(5, report.points());
      assertTrue(report.worstFdError() < 1e-7, report::toString);
      assertTrue(report.worstDotProductError() < 1e-14, report::toString);
      assertEquals(report, GradCheck.of(TableEnergy.class, "f")
          .args(r -> new Object[] {table(r), uniform(r, 3)}).tapes().exceptions().check());
      assertEquals(1, GradCheck.of(TableEnergy.class, "f")
          .checkAt(table(), new double[] {0.3, -1.2, 0.7}).points());
    }

    @Test
    void nullArrayComponentsHaveNullTangents() {
      Table empty = new Table("empty", null, null, new int[0], 0.5);
      Table rowsOnly = new Table("rows", new double[][] {null, {0.5, 2}}, null, null, -1.5);

      assertEquals(1, GradCheck.of(TableEnergy.class, "f")
          .checkAt(empty, new double[] {0.3}).points());
      assertEquals(1, GradCheck.of(TableEnergy.class, "f")
          .checkAt(rowsOnly, new double[] {0.3, 0.4}).points());
    }

    @Test
    void anArrayComponentTheMethodWritesIsAnOutput() {
      GradCheck.Report report = GradCheck.of(TableScale.class, "f")
          .args(r -> new Object[] {table(r), 2 * r.nextDouble() - 1})
          .check();

      assertEquals(5, report.points());
      assertTrue(report.worstDotProductError() < 1e-14, report::toString);
    }

    @Test
    void layoutFlattensArraysRowByRowInComponentOrderAndRebuildsWithFreshArrays() {
      Signature signature = Signature.of(TableEnergy.class, "f");
      Table t = table();
      double[] x = {0.3, -1.2, 0.7};
      Object[] args = {t, x};
      Layout layout = Layout.of(signature, args);

      // a: 3 + 0 + 1 entries, b: 3, scale: 1 (name and idx are data); then x
      assertEquals(8, layout.leafLength(0));
      assertEquals(8 + 3, layout.columns().size());
      assertEquals("arg0.a[0][0]", layout.entryName(0, 0, ""));
      assertEquals("arg0Bar.a[2][0]", layout.entryName(0, 3, "Bar"));
      assertEquals("arg0.b[0]", layout.entryName(0, 4, ""));
      assertEquals("arg0Dot.scale", layout.entryName(0, 7, "Dot"));
      assertArrayEquals(new double[] {0.5, -0.3, 0.2, 1.1, 0.4, -0.7, 1.2, 0.8},
          layout.read(args)[0]);
      assertContains(layout.describe(layout.inputs(args), ""),
          "arg0 = (a = [[0.5, -0.3, 0.2], null, [1.1]], b = [0.4, -0.7, 1.2], scale = 0.8)");

      DiffVector direction = layout.zeros();
      direction.arrays[0][1] = 1; // a[0][1]
      direction.arrays[0][4] = 1; // b[0]
      direction.arrays[0][7] = 1; // scale
      Object[] moved = layout.perturb(args, direction, 0.25);

      Table m = (Table) moved[0];
      assertArrayEquals(new double[][] {{0.5, -0.3 + 0.25, 0.2}, null, {1.1}}, m.a());
      assertArrayEquals(new double[] {0.4 + 0.25, -0.7, 1.2}, m.b());
      assertEquals(0.8 + 0.25, m.scale());
      assertEquals("t", m.name());
      assertArrayEquals(t.idx(), m.idx());
      assertTrue(m.a() != t.a() && m.a()[0] != t.a()[0] && m.a()[2] != t.a()[2]
          && m.b() != t.b(), "fresh arrays");
      assertArrayEquals(new double[] {0.4, -0.7, 1.2}, t.b(), "the arguments are not modified");
      assertEquals(-0.3, t.a()[0][1]);
    }

    @Test
    void tangentsAreShapedLikeTheValueAndCheckedAgainstIt() {
      Signature signature = Signature.of(TableEnergy.class, "f");
      Object[] args = {table(), new double[] {0.3, -1.2, 0.7}};
      Layout layout = Layout.of(signature, args);
      double[][] leaves = {{1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11}};

      Object[] built = layout.build(leaves);
      Table_Tangent tangent = (Table_Tangent) built[0];
      assertArrayEquals(new double[][] {{1, 2, 3}, null, {4}}, tangent.a);
      assertArrayEquals(new double[] {5, 6, 7}, tangent.b);
      assertEquals(8, tangent.scale);
      assertSame(leaves[1], built[1]);
      assertArrayEquals(leaves, layout.read(built));
      assertEquals(null, layout.shapeProblem(built, "Dot"));

      tangent.a[2] = new double[2];
      assertEquals("arg0Dot.a[2] is a double[2], expected a double[1]",
          layout.shapeProblem(built, "Dot"));
      tangent.a = null;
      assertEquals("arg0Dot.a is null, expected a double[3][]",
          layout.shapeProblem(built, "Dot"));
      tangent.a = new double[][] {{1, 2, 3}, {7}, {4}}; // anything where the value's row is null
      tangent.b = new double[4];
      assertEquals("arg0Dot.b is a double[4], expected a double[3]",
          layout.shapeProblem(built, "Dot"));

      // a value whose shape changed is not the same shape either
      Object[] reshaped = {new Table("t", new double[][] {{0.5, -0.3}, null, {1.1}},
          new double[] {0.4, -0.7, 1.2}, new int[] {0}, 0.8), args[1]};
      assertEquals("arg0.a[0] is a double[2], expected a double[3]",
          layout.shapeProblem(reshaped, ""));
      assertTrue(!layout.samePattern(Layout.of(signature, reshaped)));
    }

    @Test
    void aNullRecordParameterHasNoEntriesAndANullTangent() {
      Signature signature = Signature.of(TableEnergy.class, "f");
      Object[] args = {null, new double[] {1, 2}};
      Layout layout = Layout.of(signature, args);

      assertEquals(0, layout.leafLength(0));
      assertEquals(2, layout.columns().size());
      Object[] built = layout.build(new double[][] {{}, {3, 4}});
      assertEquals(null, built[0]);
      assertEquals(null, layout.shapeProblem(built, "Dot"));
      assertEquals(null, layout.shapeProblem(args, ""));
      assertEquals(null, layout.perturb(args, layout.gaussian(new Random(1)), 0.5)[0]);
      assertEquals("arg0Dot = null, arg1Dot = [3.0, 4.0]",
          layout.describeLeaves(layout.read(built), "Dot"));
    }

    @Test
    void nestedRecordsHoldingArraysFlattenDepthFirst() {
      Signature signature = Signature.of(TableArgs.class, "sheet");
      TableArgs.Sheet sheet = new TableArgs.Sheet(table(), new Shapes.Vec(1, 2),
          new double[] {3, 4});
      Object[] args = {sheet, new double[] {5}};
      Layout layout = Layout.of(signature, args);

      assertEquals(8 + 2 + 2, layout.leafLength(0));
      assertEquals("arg0.table.a[0][1]", layout.entryName(0, 1, ""));
      assertEquals("arg0.table.scale", layout.entryName(0, 7, ""));
      assertEquals("arg0.v.y", layout.entryName(0, 9, ""));
      assertEquals("arg0.w[1]", layout.entryName(0, 11, ""));

      DiffVector direction = layout.zeros();
      direction.arrays[0][5] = 1; // table.b[1]
      direction.arrays[0][11] = 1; // w[1]
      TableArgs.Sheet moved = (TableArgs.Sheet) layout.perturb(args, direction, 0.5)[0];
      assertArrayEquals(new double[] {0.4, -0.7 + 0.5, 1.2}, moved.table().b());
      assertArrayEquals(new double[] {3, 4.5}, moved.w());
      assertEquals(new Shapes.Vec(1, 2), moved.v());

      Object[] withoutTable = {new TableArgs.Sheet(null, sheet.v(), sheet.w()), args[1]};
      Layout smaller = Layout.of(signature, withoutTable);
      assertEquals(4, smaller.leafLength(0));
      assertEquals("arg0.v.x", smaller.entryName(0, 0, ""));
    }

    @Test
    void anArrayHeldByARecordAndPassedOnItsOwnIsTwoInputs() {
      Table t = table();

      GradCheck.Report report = GradCheck.of(TableEnergy.class, "f").checkAt(t, t.b());

      assertEquals(1, report.points());
    }

    @Test
    void copiesAreDeepAndComparedByContents() {
      Table t = table();
      Object[] args = {t, new double[] {1}};
      Object[] copy = Signature.copy(args);

      Table c = (Table) copy[0];
      assertTrue(c != t && c.a() != t.a() && c.a()[0] != t.a()[0] && c.b() != t.b()
          && c.idx() != t.idx(), "deep copy");
      assertTrue(ValueType.deepEquals(t, c));
      c.b()[1] = 5;
      assertEquals("t.b[1]: -0.7 vs 5.0", ValueType.firstDifference(t, c, "t"));
      assertEquals("Table[name=t, a=[[0.5, -0.3, 0.2], null, [1.1]], b=[0.4, -0.7, 1.2],"
          + " idx=[0, 2, 2], scale=0.8]", Signature.render(t));

      // an array a record holds and also passed on its own stays shared in the copy
      Object[] shared = Signature.copy(new Object[] {t, t.b()});
      assertSame(((Table) shared[0]).b(), shared[1]);
    }

    @Test
    void defaultGeneratorGivesArrayComponentsSmallRandomLengths() {
      ArgumentGenerator generator =
          new ArgumentGenerator(Signature.of(TableArgs.class, "table"), 2, 3, 6, 7, 7);
      Random random = new Random(1);

      for (int n = 0; n < 20; n++) {
        Table t = (Table) generator.generate(random)[0];
        assertEquals("s", t.name());
        assertTrue(t.a().length >= 1 && t.a().length <= 4, t::toString);
        assertTrue(t.a()[0].length >= 1 && t.a()[0].length <= 4, t::toString);
        assertEquals(t.a()[0].length, t.a()[t.a().length - 1].length, "rectangular");
        assertTrue(t.b().length >= 1 && t.b().length <= 4, t::toString);
        assertTrue(t.b()[0] >= 2 && t.b()[0] <= 3 && t.scale() >= 2 && t.scale() <= 3);
        assertTrue(t.idx().length >= 1 && t.idx().length <= 4 && t.idx()[0] == 7);
      }
    }
  }

  @Nested
  class BrokenRulesOfRecordsHoldingArrays {
    private GradCheck check(Class<?> owner) {
      return GradCheck.of(owner, "f").args(r -> new Object[] {table(r), uniform(r, 3)});
    }

    @Test
    void adjointForgettingAnArrayComponentFailsNamingIt() {
      String message = failureOf(check(ForgetfulTableAdjoint.class));

      assertContains(
          message,
          "dot-product test",
          "from ForgetfulTableAdjoint_Rrule.fAdjoint with seed ybar",
          "gradient:   tBar = (a = [[0.0",
          "worst input: tBar.a[",
          "from ForgetfulTableAdjoint_Rrule.fAdjoint, expected ",
          "along tDot.a[");
    }

    @Test
    void adjointAssigningIntoAnArrayComponentFailsTheAccumulationCheck() {
      String message = failureOf(check(OverwritingTableAdjoint.class));

      assertContains(
          message,
          "OverwritingTableAdjoint_Rrule.fAdjoint adds seed * gradient into its buffers",
          "tBar = (a = [[",
          "], b = [",
          "(after a second call with seed ",
          "> tolerance 1.0E-12");
    }

    @Test
    void gradientWithAnArrayOfTheWrongLengthFails() {
      String message = assertThrows(AssertionError.class, () -> GradCheck.of(
          LongTableGradient.class, "f").checkAt(table(), new double[] {0.3, -1.2, 0.7}))
          .getMessage();

      assertContains(
          message,
          "check:      LongTableGradient_Rrule.f returns tBar shaped like t",
          "expected:   a Table_Tangent shaped like (a: double[3][] rows (3, null, 1),"
              + " b: double[3])",
          "actual:     a Table_Tangent shaped like (a: double[3][] rows (3, null, 1),"
              + " b: double[4])",
          "problem:    tBar.b is a double[4], expected a double[3]");
    }

    @Test
    void forwardRuleReplacingATangentArrayByAShorterOneFails() {
      String message = failureOf(check(ShortTableTangent.class));

      assertContains(
          message,
          "after ShortTableTangent_Frule.f, the tangent arrays are shaped like the arguments",
          "tDot.b is a double[2], expected a double[3]");
    }

    @Test
    void adjointLeavingAnArrayComponentChangedFails() {
      String message = assertThrows(AssertionError.class, () -> GradCheck.of(
          NotRestoringTable.class, "f").checkAt(table(), new double[] {0.3, -1.2, 0.7}))
          .getMessage();

      assertContains(
          message,
          "after NotRestoringTable_Rrule.fAdjoint, argument t holds exactly what the primal"
              + " leaves in it",
          "expected:   Table[name=t, a=[[0.5, -0.3, 0.2], null, [1.1]], b=[0.4, -0.7, 1.2]",
          "difference: first at t.b[0]: 0.4 vs 1.4");
    }
  }

  @Nested
  class DataClasses {
    @Test
    void fieldsAreComponentsInDeclarationOrder() {
      assertTrue(ValueType.isDifferentiable(Csr.class));
      ValueType type = ValueType.of(Csr.class);

      assertArrayEquals(new String[] {"rowPtr", "colIdx", "values", "scale"}, type.names);
      assertEquals(null, type.tangentProblem());
      assertSame(Csr_Tangent.class, type.tangentClass());
      assertEquals(ParamKind.RECORD, ParamKind.of(Csr.class));
      assertEquals(ParamKind.PASSIVE, ParamKind.of(String.class));
      assertEquals(ParamKind.PASSIVE, ParamKind.of(java.util.ArrayList.class));
    }

    @Test
    void correctRulesPass() {
      GradCheck.Report report = GradCheck.of(CsrQuad.class, "f")
          .args(r -> new Object[] {csr(), uniform(r, 3)})
          .tapes()
          .exceptions()
          .check();

      assertEquals(5, report.points());
      assertTrue(report.worstDotProductError() < 1e-14, report::toString);
    }

    @Test
    void perturbedCopiesAreNewObjectsWithFreshArrays() {
      Signature signature = Signature.of(CsrQuad.class, "f");
      Csr m = csr();
      Object[] args = {m, new double[] {1, 2, 3}};
      Layout layout = Layout.of(signature, args);

      assertEquals(6, layout.leafLength(0));
      assertEquals("arg0.values[4]", layout.entryName(0, 4, ""));
      assertEquals("arg0.scale", layout.entryName(0, 5, ""));
      DiffVector direction = layout.zeros();
      direction.arrays[0][0] = 1;
      direction.arrays[0][5] = -1;
      Csr moved = (Csr) layout.perturb(args, direction, 0.5)[0];

      assertTrue(moved != m && moved.values() != m.values());
      assertArrayEquals(new double[] {1.0, -1.5, 2.0, 0.25, -0.75}, moved.values());
      assertEquals(0.75, moved.scale());
      assertEquals(3, moved.rows());
      assertEquals(2, moved.column(4));
      assertEquals(0.5, m.values()[0], "the argument is not modified");

      Csr copy = (Csr) Signature.copy(args)[0];
      assertTrue(copy != m && copy.values() != m.values() && ValueType.deepEquals(m, copy));
      assertEquals("Csr[rowPtr=[0, 2, 3, 5], colIdx=[0, 2, 1, 0, 2],"
          + " values=[0.5, -1.5, 2.0, 0.25, -0.75], scale=1.25]", Signature.render(m));
    }

    @Test
    void defaultGeneratorSetsTheFields() {
      ArgumentGenerator generator =
          new ArgumentGenerator(Signature.of(TableArgs.class, "csr"), 2, 3, 6, 1, 1);

      Csr m = (Csr) generator.generate(new Random(3))[0];
      assertTrue(m.values().length >= 1 && m.values().length <= 4);
      assertTrue(m.scale() >= 2 && m.scale() <= 3);
      assertEquals(1, m.column(0));
    }
  }

  @Nested
  class OptionalChecks {
    @Test
    void exceptionsChecksThatTheRulesThrowWhereThePrimalThrows() {
      GradCheck.Report report =
          GradCheck.of(Guarded.class, "f").range(0, 2).points(20).exceptions().check();

      assertTrue(report.threw() > 0 && report.points() > 0, report::toString);
      assertEquals(20, report.threw() + report.points());
      assertContains(report.toString(), "the primal threw at " + report.threw() + " point(s)");
    }

    @Test
    void aRuleThatReturnsWhereThePrimalThrowsFails() {
      String message =
          failureOf(GradCheck.of(GuardedNotThrowing.class, "f").range(1.5, 2).exceptions());

      assertContains(message, "GuardedNotThrowing_Rrule.f throws where the primal throws",
          "java.lang.IllegalArgumentException: a is too big (primal)",
          "GuardedNotThrowing_Rrule.f returned");
    }

    @Test
    void withoutExceptionsThePrimalsExceptionSurfaces() {
      assertThrows(IllegalArgumentException.class,
          () -> GradCheck.of(Guarded.class, "f").checkAt(2.0));
    }

    @Test
    void tapesMustBeLeftAsTheRuleFoundThem() {
      String message = failureOf(GradCheck.of(LeakingTape.class, "f").tapes());

      assertContains(message, "after LeakingTape_Rrule.fAdjoint, the thread's tapes are as before"
          + " the call", "doubles 0, ints 0", "doubles 1, ints 0");
      assertEquals(0, io.jgrad.tape.Tapes.current().doubleSize(), "the leak is popped again");
      GradCheck.of(LeakingTape.class, "f").check();
    }

    @Test
    void kinksSkipFiniteDifferencesAcrossABranch() {
      // at a = 0 every step straddles the kink: finite differences see (2 - 1) / 2
      assertContains(failureOf(GradCheck.of(Kinked.class, "f").args(r -> new Object[] {0.0})),
          "forward rule Kinked_Frule.f vs central finite differences");

      GradCheck.Report report = GradCheck.of(Kinked.class, "f")
          .points(1)
          .args(r -> new Object[] {0.0})
          .kinks(args -> (Double) args[0] < 0)
          .check();

      assertEquals(1, report.points());
      assertEquals(1, report.kinks());
      assertContains(report.toString(), "finite differences skipped at 1 kink(s)");
    }

    @Test
    void aSlopeThatChangesBelowEveryStepSkipsFiniteDifferences() {
      // sin(1e18 a): differences see 2a, the (right) tangent 2a + 1e18 cos(1e18 a); the
      // tangent on both sides of the point, 1e-9 away, is another number again
      GradCheck.Report report = GradCheck.of(FastSine.class, "f").points(3).range(0.5, 2.0)
          .check();

      assertEquals(3, report.points());
      assertEquals(3, report.kinks());
    }

    @Test
    void kinksStillCatchAWrongTangent() {
      String message = failureOf(GradCheck.of(WrongTangent.class, "f").kinks(args -> "one path"));

      assertContains(message, "forward rule WrongTangent_Frule.f vs central finite differences",
          "converged:");
    }

    @Test
    void aNullPathSkipsTheDerivatives() {
      GradCheck.Report report = GradCheck.of(Sines.class, "f")
          .kinks(args -> null)
          .requireCheckedPoint(false)
          .check();

      assertEquals(0, report.points());
      assertEquals(5, report.nonFinite());
      assertContains(failureOf(GradCheck.of(Sines.class, "f").kinks(args -> null)),
          "at least one point can be checked");
    }
  }

  /** A 2 x 2 x 3 {@code double[][][]}. */
  private static double[][][] cube() {
    return new double[][][] {
        {{0.5, -0.3, 0.2}, {1.1, -0.8, 0.4}},
        {{-0.6, 0.9, 0.7}, {0.3, -1.2, 0.05}}};
  }

  /** A random n x rows x cols {@code double[][][]}, entries uniform in [-1, 1]. */
  private static double[][][] cube(Random r, int n, int rows, int cols) {
    double[][][] x = new double[n][rows][];
    for (double[][] m : x) {
      for (int j = 0; j < rows; j++) {
        m[j] = uniform(r, cols);
      }
    }
    return x;
  }

  /** A ragged {@code double[][][]} with a null sub-matrix, a null row and an empty row. */
  private static double[][][] raggedCube() {
    return new double[][][] {{{1, 2, 3}, null, {4}}, null, {{}, {5, 6}}};
  }

  @Nested
  class ThreeDimensionalArrays {
    @Test
    void correctRulesPassAtRandomAndGivenPoints() {
      GradCheck.Report report = GradCheck.of(CubeEnergy.class, "f").points(10).check();

      assertEquals(10, report.points());
      assertTrue(report.worstFdError() < 1e-7, report::toString);
      assertTrue(report.worstDotProductError() < 1e-14, report::toString);
      assertEquals(report,
          GradCheck.of(CubeEnergy.class, "f").points(10).tapes().exceptions().check());
      assertEquals(1, GradCheck.of(CubeEnergy.class, "f").checkAt(cube(), 0.7).points());
    }

    @Test
    void raggedShapesWithNullSubMatricesAndRowsPass() {
      double[][][] x = {{{0.5, -0.3, 0.2}, null, {1.1}}, null, {{}, {0.4, -0.9}}};

      assertEquals(1, GradCheck.of(CubeEnergy.class, "f").checkAt(x, -1.3).points());
      // the Jacobian's columns skip the null sub-matrix and the null and empty rows
      GradCheck.Report report = GradCheck.of(CubeRowSums.class, "f").checkAt(x, 0.8);
      assertEquals(1, report.points());
      assertTrue(report.worstJacobianError() < 1e-15, report::toString);
    }

    @Test
    void aMethodWritingItsArgumentFollowsTheEntryAndFinalContentsContract() {
      GradCheck.Report report =
          GradCheck.of(CubeInPlace.class, "f").range(-2, 2).points(10).check();

      assertEquals(10, report.points());
      assertTrue(report.worstFdError() < 1e-7, report::toString);
      assertTrue(report.worstDotProductError() < 1e-13, report::toString);
      assertEquals(1, GradCheck.of(CubeInPlace.class, "f").checkAt(cube(), -0.9).points());
    }

    @Test
    void movedSubMatricesAreComparedSlotBySlot() {
      GradCheck.Report report = GradCheck.of(SwapPlanes.class, "f")
          .args(r -> new Object[] {cube(r, r.nextInt(2, 4), r.nextInt(1, 4), r.nextInt(1, 4))})
          .check();

      assertEquals(5, report.points());
      // varargs passes the double[][][] as the argument list: it is the one argument
      assertEquals(1, GradCheck.of(SwapPlanes.class, "f").checkAt(cube()).points());
    }

    @Test
    void arrayResultPassesIncludingTheJacobianInRowMajorColumnOrder() {
      GradCheck.Report report = GradCheck.of(CubeRowSums.class, "f").points(10).check();

      assertEquals(10, report.points());
      assertTrue(report.worstJacobianError() < 1e-15, report::toString);
      assertTrue(report.worstDotProductError() < 1e-14, report::toString);
    }

    @Test
    void twoCubeArgumentsOfAPointHaveOneShapeAndMayBeAliased() {
      assertEquals(5, GradCheck.of(CubeDot.class, "dot").check().points());
      GradCheck.Report aliased = GradCheck.of(CubeDot.class, "dot").alias(0, 1).check();
      assertEquals(5, aliased.points());
      assertEquals(0, aliased.rejected());
      assertEquals(5, GradCheck.of(CubeDot.class, "dot").checkAliasing(0, 1).points());
      assertThrows(IllegalArgumentException.class,
          () -> GradCheck.of(CubeMatrixDot.class, "f").alias(0, 1));
    }

    @Test
    void aSubMatrixAlsoPassedAsAMatrixIsOneInput() {
      assertEquals(5, GradCheck.of(CubeMatrixDot.class, "f").check().points());
      GradCheck.Report report = GradCheck.of(CubeMatrixDot.class, "f")
          .args(r -> {
            double[][][] x = cube(r, 3, 2, 3);
            return new Object[] {x, x[1]};
          })
          .checkAliasing();

      assertEquals(5, report.points());
      assertEquals(0, report.rejected());
    }

    @Test
    void defaultGeneratorMakesSmallRectangularCubesOfOneShapePerPoint() {
      Signature signature = Signature.of(CubeDot.class, "dot");
      ArgumentGenerator generator = new ArgumentGenerator(signature, 2, 3, 6, 0, 0);
      Random random = new Random(1);
      Set<String> shapes = new HashSet<>();

      for (int n = 0; n < 50; n++) {
        Object[] args = generator.generate(random);
        double[][][] a = (double[][][]) args[0];
        double[][][] b = (double[][][]) args[1];
        String shape = a.length + "x" + a[0].length + "x" + a[0][0].length;
        shapes.add(shape);
        assertTrue(a.length >= 1 && a.length <= 3 && a[0].length >= 1 && a[0].length <= 3
            && a[0][0].length >= 1 && a[0][0].length <= 3, shape);
        assertEquals(a.length, b.length);
        for (int i = 0; i < a.length; i++) {
          assertEquals(a[0].length, a[i].length, "rectangular");
          assertEquals(a[i].length, b[i].length, "b shaped like a");
          for (int j = 0; j < a[i].length; j++) {
            assertEquals(a[0][0].length, a[i][j].length, "rectangular");
            assertEquals(a[i][j].length, b[i][j].length, "b shaped like a");
            for (double v : a[i][j]) {
              assertTrue(v >= 2 && v <= 3, "entry " + v);
            }
          }
        }
      }
      assertTrue(shapes.size() > 5, shapes::toString);

      double[][][] small =
          (double[][][]) new ArgumentGenerator(signature, 2, 3, 1, 0, 0).generate(random)[0];
      assertEquals("1x1x1", small.length + "x" + small[0].length + "x" + small[0][0].length);
      assertEquals(0, ((double[][][])
          new ArgumentGenerator(signature, 2, 3, 0, 0, 0).generate(random)[0]).length);
    }

    @Test
    void layoutTakesTheInnermostRowsInRowMajorOrder() {
      Signature signature = Signature.of(CubeRowSums.class, "f");
      double[][][] x = raggedCube();
      Object[] args = {x, 0.5};
      Layout layout = Layout.of(signature, args);

      // leaves x[0][0], x[0][2], x[2][0] (empty), x[2][1]; the null sub-matrix and row none
      assertEquals(4, layout.leafCount());
      assertTrue(!layout.aliased());
      List<int[]> columns = layout.columns();
      int[][] expected = {{0, 0}, {0, 1}, {0, 2}, {1, 0}, {3, 0}, {3, 1}, {-1, 0}};
      assertEquals(expected.length, columns.size());
      for (int c = 0; c < expected.length; c++) {
        assertArrayEquals(expected[c], columns.get(c), "column " + c);
      }
      assertEquals("arg0[0][2][0]", layout.entryName(1, 0, ""));
      assertEquals("arg0Bar[2][1][1]", layout.entryName(3, 1, "Bar"));
      assertArrayEquals(new double[][] {{1, 2, 3}, {4}, {}, {5, 6}}, layout.read(args));
      assertEquals("arg1 = 0.5, arg0[0][0] = [1.0, 2.0, 3.0], arg0[0][2] = [4.0],"
          + " arg0[2][0] = [], arg0[2][1] = [5.0, 6.0]",
          layout.describe(layout.inputs(args), ""));

      DiffVector direction = layout.zeros();
      direction.arrays[0][1] = 1; // x[0][0][1]
      direction.arrays[3][1] = -1; // x[2][1][1]
      double[][][] moved = (double[][][]) layout.perturb(args, direction, 0.25)[0];
      assertArrayEquals(new double[][][] {{{1, 2.25, 3}, null, {4}}, null, {{}, {5, 5.75}}},
          moved);
      assertTrue(moved != x && moved[0] != x[0] && moved[0][0] != x[0][0]
          && moved[2][1] != x[2][1], "fresh arrays");
      assertArrayEquals(raggedCube(), x, "the argument is not modified");
    }

    @Test
    void tangentsAreShapedLikeTheValueAndCheckedAgainstIt() {
      Signature signature = Signature.of(CubeRowSums.class, "f");
      Object[] args = {raggedCube(), 0.5};
      Layout layout = Layout.of(signature, args);
      double[][] leaves = {{1, 2, 3}, {4}, {}, {5, 6}};

      Object[] built = layout.build(leaves);
      double[][][] xDot = (double[][][]) built[0];
      assertEquals(3, xDot.length);
      assertEquals(3, xDot[0].length);
      assertEquals(null, xDot[1]);
      assertEquals(null, xDot[0][1]);
      assertSame(leaves[0], xDot[0][0]);
      assertSame(leaves[3], xDot[2][1]);
      assertArrayEquals(leaves, layout.read(built));
      assertEquals(null, layout.shapeProblem(built, "Dot"));

      xDot[1] = new double[4][]; // anything where the value's sub-matrix is null
      xDot[0][1] = new double[7];
      assertEquals(null, layout.shapeProblem(built, "Dot"));
      xDot[2] = new double[1][];
      assertEquals("arg0Dot[2] has 1 rows, expected 2", layout.shapeProblem(built, "Dot"));
      xDot[2] = null;
      assertEquals("arg0Dot[2] is null, expected a double[2][]",
          layout.shapeProblem(built, "Dot"));
      xDot[2] = new double[][] {{}, {5, 6, 7}};
      assertEquals("arg0Dot[2][1] is a double[3], expected a double[2]",
          layout.shapeProblem(built, "Dot"));
      built[0] = new double[2][][];
      assertEquals("arg0Dot is a double[2][][], expected a double[3][][]",
          layout.shapeProblem(built, "Dot"));

      // a value whose sub-matrix was replaced by a null one is not the same shape either
      Object[] reshaped = {raggedCube(), 0.5};
      ((double[][][]) reshaped[0])[0] = null;
      assertTrue(!layout.samePattern(Layout.of(signature, reshaped)));
      assertTrue(!layout.sameShape(Layout.of(signature, reshaped)));
    }

    @Test
    void sharedRowsAndSubMatricesAreOneInputAndStaySharedInTangents() {
      Signature signature = Signature.of(CubeMatrixDot.class, "f");
      double[][][] x = cube();
      Object[] args = {x, x[1]};
      Layout layout = Layout.of(signature, args);

      assertEquals(4, layout.leafCount(), "x[1]'s rows are m's rows");
      assertTrue(layout.aliased());
      Object[] built = layout.build(layout.gaussianLeaves(new Random(1)));
      assertSame(((double[][][]) built[0])[1], built[1]);
      assertEquals(null, layout.shapeProblem(built, "Bar"));

      Object[] copy = Signature.copy(new Object[] {x, x[1], x[1][0]});
      double[][][] c = (double[][][]) copy[0];
      assertTrue(c != x && c[1] != x[1] && c[1][0] != x[1][0], "deep copy");
      assertSame(c[1], copy[1]);
      assertSame(c[1][0], copy[2]);
      assertTrue(ValueType.deepEquals(x, c));
      c[1][0][2] = 5;
      assertEquals("[1][0][2]: 0.7 vs 5.0", ValueType.firstDifference(x, c, ""));
      assertEquals("[[[0.5, -0.3, 0.2], [1.1, -0.8, 0.4]], [[-0.6, 0.9, 0.7], [0.3, -1.2, 0.05]]]",
          Signature.render(x));

      // two rows of the same sub-matrix that are one array
      double[][][] y = cube();
      y[0][1] = y[1][0];
      assertTrue(Layout.of(Signature.of(CubeEnergy.class, "f"), new Object[] {y, 1.0})
          .aliased());
    }
  }

  @Nested
  class BrokenThreeDimensionalRules {
    private GradCheck check(Class<?> owner) {
      return GradCheck.of(owner, "f")
          .args(r -> new Object[] {cube(r, 2, 2, 3), 0.5 + r.nextDouble()});
    }

    @Test
    void adjointForgettingAnElementFailsNamingIt() {
      String message = failureOf(check(ForgetfulCubeAdjoint.class));

      assertContains(
          message,
          "dot-product test",
          "from ForgetfulCubeAdjoint_Rrule.fAdjoint with seed ybar",
          // the names come from the gradient record (xBar): the fakes have no javac -parameters
          "gradient:   wBar = ",
          ", xBar[0][0] = [",
          ", xBar[1][0] = [",
          ", 0.0]",
          "worst input: xBar[1][0][2]: 0.0 from ForgetfulCubeAdjoint_Rrule.fAdjoint, expected ",
          "along xDot[1][0][2] = 1)");
    }

    @Test
    void adjointAssigningInsteadOfAddingFailsTheAccumulationCheck() {
      String message = failureOf(check(OverwritingCubeAdjoint.class));

      assertContains(
          message,
          "OverwritingCubeAdjoint_Rrule.fAdjoint adds seed * gradient into its buffers"
              + " (a second call must not overwrite the first)",
          "xBar[0][0] = [",
          "xBar[1][1] = [",
          "(after a second call with seed ",
          "> tolerance 1.0E-12");
    }

    @Test
    void forwardRuleLeavingATangentOfTheWrongShapeFails() {
      String message =
          assertThrows(AssertionError.class,
                  () -> GradCheck.of(ShortCubeTangent.class, "f").checkAt(cube(), 0.7))
              .getMessage();

      assertContains(
          message,
          "after ShortCubeTangent_Frule.f, the tangent arrays are shaped like the arguments",
          "actual:     xDot[1] has 1 rows, expected 2");
      assertContains(failureOf(check(ShortCubeTangent.class)), "xDot[1] has 1 rows, expected 2");
    }

    @Test
    void gradientOfTheWrongShapeFails() {
      String message =
          assertThrows(AssertionError.class,
                  () -> GradCheck.of(LongCubeGradient.class, "f").checkAt(cube(), 0.7))
              .getMessage();

      assertContains(
          message,
          "check:      LongCubeGradient_Rrule.f returns xBar shaped like x",
          "expected:   a double[2][][] with row lengths ((3, 3), (3, 3))",
          "actual:     a double[2][][] with row lengths ((3, 3), (3, 4))",
          "problem:    xBar[1][1] is a double[4], expected a double[3]");
    }

    @Test
    void jacobianWithColumnsInAnotherOrderFails() {
      String message =
          assertThrows(AssertionError.class,
                  () -> GradCheck.of(MisorderedCubeJacobian.class, "f").checkAt(cube(), 0.5))
              .getMessage();

      assertContains(
          message,
          "check:      MisorderedCubeJacobian_Rrule.fJacobian vs forward-mode columns from"
              + " MisorderedCubeJacobian_Frule.f",
          "entry:      [1][3] (output 1, input column 3: x[0][1][0])",
          "(forward mode)");
    }

    @Test
    void adjointLeavingTheArgumentChangedFailsNamingTheEntry() {
      String message =
          assertThrows(AssertionError.class,
                  () -> GradCheck.of(NotRestoringCube.class, "f").checkAt(cube(), 0.7))
              .getMessage();

      assertContains(
          message,
          "after NotRestoringCube_Rrule.fAdjoint, array argument x holds exactly what the primal"
              + " leaves in it",
          "expected:   [[[0.5, -0.3, 0.2], [1.1, -0.8, 0.4]], [[-0.6, 0.9, 0.7],"
              + " [0.3, -1.2, 0.05]]] (x after the primal)",
          "difference: first at index [1][0][2]: 0.7 vs 1.7");
    }
  }

  /** Filters with a ragged double[][][]: a null row, a null sub-matrix. */
  private static Filters filters() {
    return new Filters("f", new double[][][] {{{0.5, -0.3, 0.2}, null}, null, {{1.1}}}, 0.4);
  }

  @Nested
  class RecordsHoldingThreeDimensionalArrays {
    @Test
    void correctRulesPassWithRandomAndGivenRecords() {
      GradCheck.Report report = GradCheck.of(FilterEnergy.class, "f").check();

      assertEquals(5, report.points());
      assertTrue(report.worstDotProductError() < 1e-14, report::toString);
      assertEquals(1, GradCheck.of(FilterEnergy.class, "f").checkAt(filters(), 0.7).points());
      assertEquals(1, GradCheck.of(FilterEnergy.class, "f")
          .checkAt(new Filters("none", null, -0.2), 0.7).points());
    }

    @Test
    void layoutFlattensTheComponentRowByRowAndRebuildsItWithFreshArrays() {
      Signature signature = Signature.of(FilterEnergy.class, "f");
      Filters p = filters();
      Object[] args = {p, 0.7};
      Layout layout = Layout.of(signature, args);

      // w: 3 + 1 entries, bias: 1; then a
      assertEquals(5, layout.leafLength(0));
      assertEquals(5 + 1, layout.columns().size());
      assertEquals("arg0.w[0][0][2]", layout.entryName(0, 2, ""));
      assertEquals("arg0Bar.w[2][0][0]", layout.entryName(0, 3, "Bar"));
      assertEquals("arg0Dot.bias", layout.entryName(0, 4, "Dot"));
      assertArrayEquals(new double[] {0.5, -0.3, 0.2, 1.1, 0.4}, layout.read(args)[0]);
      assertContains(layout.describe(layout.inputs(args), ""),
          "arg0 = (w = [[[0.5, -0.3, 0.2], null], null, [[1.1]]], bias = 0.4)");
      assertEquals("(w: double[3][][] rows ((3, null), null, (1)))",
          ValueType.of(Filters.class).describe(ValueType.of(Filters.class).shapeOf(p)));
      assertEquals("Filters[name=f, w=[[[0.5, -0.3, 0.2], null], null, [[1.1]]], bias=0.4]",
          Signature.render(p));

      DiffVector direction = layout.zeros();
      direction.arrays[0][1] = 1; // w[0][0][1]
      direction.arrays[0][3] = 1; // w[2][0][0]
      Filters moved = (Filters) layout.perturb(args, direction, 0.25)[0];
      assertArrayEquals(new double[][][] {{{0.5, -0.3 + 0.25, 0.2}, null}, null, {{1.35}}},
          moved.w());
      assertTrue(moved.w() != p.w() && moved.w()[0] != p.w()[0] && moved.w()[0][0] != p.w()[0][0]
          && moved.w()[2][0] != p.w()[2][0], "fresh arrays");
      assertEquals(-0.3, p.w()[0][0][1], "the argument is not modified");

      Filters copy = (Filters) Signature.copy(args)[0];
      assertTrue(copy.w() != p.w() && copy.w()[2][0] != p.w()[2][0] && ValueType.deepEquals(p,
          copy));
      copy.w()[2][0][0] = 9;
      assertEquals("p.w[2][0][0]: 1.1 vs 9.0", ValueType.firstDifference(p, copy, "p"));
    }

    @Test
    void tangentsAreShapedLikeTheValueAndCheckedAgainstIt() {
      Signature signature = Signature.of(FilterEnergy.class, "f");
      Object[] args = {filters(), 0.7};
      Layout layout = Layout.of(signature, args);

      Object[] built = layout.build(new double[][] {{1, 2, 3, 4, 5}});
      Filters_Tangent tangent = (Filters_Tangent) built[0];
      assertArrayEquals(new double[][][] {{{1, 2, 3}, null}, null, {{4}}}, tangent.w);
      assertEquals(5, tangent.bias);
      assertEquals(null, layout.shapeProblem(built, "Dot"));

      tangent.w[1] = new double[2][2]; // anything where the value's sub-matrix is null
      assertEquals(null, layout.shapeProblem(built, "Dot"));
      tangent.w[2][0] = new double[2];
      assertEquals("arg0Dot.w[2][0] is a double[2], expected a double[1]",
          layout.shapeProblem(built, "Dot"));
      tangent.w[2] = null;
      assertEquals("arg0Dot.w[2] is null, expected a double[1][]",
          layout.shapeProblem(built, "Dot"));
      tangent.w = new double[2][][];
      assertEquals("arg0Dot.w is a double[2][][], expected a double[3][][]",
          layout.shapeProblem(built, "Dot"));
    }

    @Test
    void defaultGeneratorGivesTheComponentSmallRectangularShapes() {
      ArgumentGenerator generator =
          new ArgumentGenerator(Signature.of(FilterEnergy.class, "f"), 2, 3, 6, 0, 0);
      Random random = new Random(1);

      for (int n = 0; n < 20; n++) {
        Filters p = (Filters) generator.generate(random)[0];
        double[][][] w = p.w();
        assertTrue(w.length >= 1 && w.length <= 3 && w[0].length >= 1 && w[0].length <= 3
            && w[0][0].length >= 1 && w[0][0].length <= 3, p::toString);
        assertEquals(w[0].length, w[w.length - 1].length, "rectangular");
        assertEquals(w[0][0].length, w[w.length - 1][w[0].length - 1].length, "rectangular");
        assertTrue(w[0][0][0] >= 2 && w[0][0][0] <= 3 && p.bias() >= 2 && p.bias() <= 3);
      }
    }

    @Test
    void aDataClassMayHaveAThreeDimensionalField() {
      assertTrue(ValueType.isDifferentiable(Kernel.class));
      ValueType type = ValueType.of(Kernel.class);

      assertEquals(ParamKind.RECORD, ParamKind.of(Kernel.class));
      assertArrayEquals(new ParamKind[] {ParamKind.DOUBLE_CUBE, ParamKind.PASSIVE}, type.kinds);
      assertEquals("missing class io.jgrad.check.fakes.Kernel_Tangent", type.tangentProblem());
      assertEquals(ParamKind.DOUBLE_CUBE, ParamKind.of(double[][][].class));
      assertTrue(ParamKind.DOUBLE_CUBE.isArray() && ParamKind.DOUBLE_CUBE.hasBuffer());
    }
  }
}
