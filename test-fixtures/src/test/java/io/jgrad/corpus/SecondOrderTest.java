package io.jgrad.corpus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.check.GradCheck;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Second-order rules: every method of {@link SecondOrder} has them and {@code GradCheck} checks
 * them (the corpus entries), and Hessians agree with hand-derived ones.
 */
class SecondOrderTest {
  @Test
  void everyMethodHasSecondOrderRulesAndGradCheckChecksThem() {
    for (Method m : SecondOrder.class.getDeclaredMethods()) {
      if (!Modifier.isPublic(m.getModifiers())) {
        continue;
      }
      assertTrue(Arrays.stream(SecondOrder_Rrule.class.getDeclaredMethods())
          .anyMatch(r -> r.getName().equals(m.getName() + "Hvp")), m.getName() + "Hvp");
      GradCheck.Report report = CorpusTest.entries().stream()
          .filter(e -> e.name().equals("SecondOrder." + m.getName())).findFirst().orElseThrow()
          .report();
      assertTrue(report.hessianPoints() > 0 && report.hessianPoints() == report.points(),
          report::toString);
    }
  }

  @Test
  void quarticHessianIsTheHandDerivedOne() {
    double[] x = {0.5, -1.25, 2.0, 0.75};
    double[][] h = SecondOrder_Rrule.quarticHessian(x);
    for (int i = 0; i < x.length; i++) {
      double[] expected = new double[x.length];
      expected[i] = 12 * x[i] * x[i];
      if (i > 0) {
        expected[i - 1] = 1;
      }
      if (i + 1 < x.length) {
        expected[i + 1] = 1;
      }
      assertArrayEquals(expected, h[i], 1e-12, "row " + i);
    }
  }

  @Test
  void hessianOfAMethodWritingItsArgumentIsWithRespectToTheEntryContents() {
    double[] x = {0.5, -1.25, 2.0};
    double[] primalArgs = x.clone();
    SecondOrder.squaredInPlace(primalArgs);
    double[][] h = SecondOrder_Rrule.squaredInPlaceHessian(x);
    assertArrayEquals(primalArgs, x, 0.0); // left as the primal leaves it
    double[] e = {0.5, -1.25, 2.0};
    int n = e.length;
    // sum_i e_i^2 e_{i+1}^2: d2/de_i^2 = 2 e_{i+1}^2 + 2 e_{i-1}^2, d2/de_i de_{i+1} = 4 e_i e_{i+1}
    for (int i = 0; i < n; i++) {
      double[] expected = new double[n];
      int next = (i + 1) % n;
      int previous = (i + n - 1) % n;
      expected[i] = 2 * e[next] * e[next] + 2 * e[previous] * e[previous];
      expected[next] += 4 * e[i] * e[next];
      expected[previous] += 4 * e[i] * e[previous];
      assertArrayEquals(expected, h[i], 1e-12, "row " + i);
    }
    SecondOrder_Rrule.SquaredInPlaceHvp hvp = SecondOrder_Rrule.squaredInPlaceHvp(
        e.clone(), new double[] {1, 0, 0});
    assertArrayEquals(h[0], hvp.xHvp(), 1e-12);
  }

  @Test
  void secondDerivativeThroughARecursionIsTheHandDerivedOne() {
    double x = 1.3;
    SecondOrder_Rrule.PowerHvp hvp = SecondOrder_Rrule.powerHvp(x, 1.0, 5);
    assertEquals(Math.pow(x, 5), hvp.value(), 1e-12);
    assertEquals(5 * Math.pow(x, 4), hvp.xBar(), 1e-12);
    assertEquals(20 * Math.pow(x, 3), hvp.xHvp(), 1e-12);
    assertEquals(20 * Math.pow(x, 3), SecondOrder_Rrule.powerHessian(x, 5)[0][0], 1e-12);
  }

  @Test
  void aZeroHessianComputedWithRoundingIsSymmetricWithinTheNoise() {
    GradCheck.Report report = GradCheck.of(SecondOrder.class, "wrappedAngle").checkAt(
        new double[] {1.1279857286711357}, new SecondOrder.Point(1.6809026669500908));
    assertEquals(1, report.hessianPoints(), report::toString);
  }

  @Test
  void instanceMethodsOfObjectsGetSecondOrderRulesChecked() {
    GradCheck.Report report = CorpusTest.entries().stream()
        .filter(e -> e.name().equals("Layer.energy")).findFirst().orElseThrow().report();
    assertTrue(report.hessianPoints() > 0 && report.hessianPoints() == report.points(),
        report::toString);
  }
}
