package io.jgrad.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.check.GradCheck;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Custom rules as calls see them: the hand-written rule runs (not jgrad's differentiation of a
 * body it could differentiate), second order goes through jgrad's forward mode of the reverse
 * rule where it can, and cut derivatives (stop-gradient, {@code @ZeroDerivative}) are what the
 * cut leaves. {@code CorpusTest} runs GradCheck on {@link CustomRuleCalls}.
 */
class CustomRulesTest {
  @Test
  void theCustomReverseRuleRunsWhereTheTargetIsCalled() {
    int before = Special.logisticAdjointCalls;
    CustomRuleCalls_Rrule.LogisticLossGradient g = CustomRuleCalls_Rrule.logisticLoss(0.5, 2.0,
        1.0);
    assertEquals(before + 1, Special.logisticAdjointCalls);
    // d/dw of -log(s(w x)) at y = 1 is -(1 - s(w x)) x: independent of the rules
    double s = 1 / (1 + Math.exp(-1.0));
    assertEquals(-(1 - s) * 2.0, g.wBar(), 1e-15);
  }

  @Test
  void theRulesOfAHolderCheckAgainstTheirTargets() {
    GradCheck.ofRules(SpecialRules.class, "logistic").range(-3, 3).check();
    GradCheck.ofRules(SpecialRules.class, "smoothAbs", double.class).check();
    GradCheck.ofRules(SpecialRules.class, "smoothAbs", double.class, double.class).check();
    GradCheck.ofRules(SpecialRules.class, "power").intRange(0, 4).check();
    GradCheck.ofRules(SpecialRules.class, "opaqueSinh").check();
    GradCheck.ofRules(SpecialRules.class, "logSumExp").check();
    GradCheck.ofRules(SpecialRules.class, "scaleInPlace").check();
    GradCheck.ofRules(SpecialRules.class, "prefixSums").check();
    GradCheck.ofRules(SpecialRules.class, "floatProduct").check();
    GradCheck.ofRules(DoubleRules.class, "sum").check();
    GradCheck.ofRules(SpecialRules.class, "norm").args(r -> new Object[] {new Special.Vec2(
        1 + r.nextDouble(), -1 - r.nextDouble())}).check();
    GradCheck.ofRules(SpecialRules.class, "rotate").check();
  }

  /**
   * The reverse part calls no custom rule for a zero cotangent; its tangent form still adds
   * the cotangent's tangent: d/dw of the x-gradient w softmax(x) is softmax(x), at w = 0 too.
   */
  @Test
  void aZeroCotangentWithATangentStillReachesTheHessian() {
    double[] x = {0.5, -1.0, 2.0};
    CustomRuleCalls_Rrule.WeightedLogSumExpHvp h = CustomRuleCalls_Rrule.weightedLogSumExpHvp(
        0.0, 1.0, x, new double[3]);
    double z = Math.exp(0.5) + Math.exp(-1.0) + Math.exp(2.0);
    for (int i = 0; i < x.length; i++) {
      assertEquals(Math.exp(x[i]) / z, h.xHvp()[i], 1e-15);
      assertEquals(0.0, h.xBar()[i]);
    }
    assertEquals(Math.log(z), h.wBar(), 1e-15);
    assertEquals(0.0, h.wHvp());
  }

  @Test
  void secondOrderGoesThroughEveryReverseRuleJgradCanDifferentiate() {
    Set<String> hvps = Arrays.stream(CustomRuleCalls_Rrule.class.getDeclaredMethods())
        .map(java.lang.reflect.Method::getName).filter(n -> n.endsWith("Hvp"))
        .collect(Collectors.toSet());
    for (String method : new String[] {"overloads", "polynomial", "opaque", "librarySum",
        "softmaxCrossEntropy", "bilinear", "scaledTwice", "prefixEnergy", "floats", "gridded",
        "noisy", "stableLogSumExp", "unusedLogSumExpThenScaled", "weightedLogSumExp"}) {
      assertTrue(hvps.contains(method + "Hvp"), method + " has second-order rules: " + hvps);
    }
    // logisticAdjoint counts its calls in a static field, which jgrad does not differentiate
    assertFalse(hvps.contains("logisticLossHvp"));
    assertFalse(hvps.contains("sumOfLogisticsHvp"));
  }

  @Test
  void theHessianThroughACustomRuleIsTheClosedForm() {
    // opaque(x) = sinh(x) sinh(x/2 + 1): f'' = sinh(x) sinh(u)(1 + 1/4) + cosh(x) cosh(u), u = x/2 + 1
    double x = 0.3;
    double u = 0.5 * x + 1;
    double expected = 1.25 * Math.sinh(x) * Math.sinh(u) + Math.cosh(x) * Math.cosh(u);
    double[][] h = CustomRuleCalls_Rrule.opaqueHessian(x);
    assertEquals(expected, h[0][0], 1e-13);
  }

  @Test
  void aStopGradientCutsTheDerivativeInBothModes() {
    double x = 1.7;
    assertEquals(x, CutDerivatives_Rrule.halfSquare(x).xBar(), 0.0);
    assertEquals(x, CutDerivatives_Frule.halfSquare(x, 1.0).tangent(), 0.0);
    assertEquals(x * x, CutDerivatives_Frule.halfSquare(x, 1.0).value(), 0.0);
    CutDerivatives_Rrule.StoppedGradient g = CutDerivatives_Rrule.stopped(0.5, 3.0);
    assertEquals(1.5, g.aBar(), 0.0);
    assertEquals(1.0, g.bBar(), 0.0);
    assertEquals(1.5 * 0.2 + 1.0, CutDerivatives_Frule.stopped(0.5, 0.2, 3.0, 1.0).tangent(),
        1e-15);
    assertEquals(1.5f, CutDerivatives_Rrule.halfSquareFloat(1.5f).xBar(), 0.0);
    // and the second derivative of x * stop(x) is 0: stop(x) has none
    assertEquals(0.0, CutDerivatives_Rrule.halfSquareHessian(x)[0][0], 0.0);
  }

  @Test
  void aZeroDerivativeMethodIsAConstantToTheRules() {
    double x = 1.3;
    double scale = x * x * x;
    assertEquals(scale, CutDerivatives_Rrule.frozenScale(x).xBar(), 0.0);
    assertEquals(2 * scale, CutDerivatives_Frule.frozenScale(x, 2.0).tangent(), 0.0);
    assertEquals(x * scale, CutDerivatives_Rrule.frozenScale(x).value(), 0.0);
  }
}
