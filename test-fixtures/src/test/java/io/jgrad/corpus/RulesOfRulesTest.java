package io.jgrad.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Rules of rules against closed forms ({@code CorpusTest} runs {@code GradCheck} on every method
 * of {@link RulesOfRules}: finite differences, the dot-product test, values bit for bit).
 */
class RulesOfRulesTest {
  @Test
  void gradCheckChecksEveryMethodAtEveryPoint() {
    for (java.lang.reflect.Method m : RulesOfRules.class.getDeclaredMethods()) {
      if (!java.lang.reflect.Modifier.isPublic(m.getModifiers())) {
        continue;
      }
      io.jgrad.check.GradCheck.Report report = CorpusTest.entries().stream()
          .filter(e -> e.name().equals("RulesOfRules." + m.getName())).findFirst()
          .orElseThrow().report();
      org.junit.jupiter.api.Assertions.assertTrue(report.points() >= 3, report::toString);
    }
  }

  @Test
  void nestedDerivativesAreNotConfused() {
    for (double x : new double[] {-1.5, 0.0, 2.0}) {
      assertEquals(x, RulesOfRules.outer(x), 0.0);
      assertEquals(1.0, RulesOfRules_Frule.outer(x, 1.0).tangent(), 0.0, "forward at " + x);
      assertEquals(1.0, RulesOfRules_Rrule.outer(x).xBar(), 0.0, "reverse at " + x);
    }
  }

  @Test
  void gradientPenaltyHasGradientTwiceHessianTimesGradient() {
    double[] x = {0.4, -1.1, 0.8};
    double[] g = energyGradient(x);
    double[][] h = new double[3][3];
    double step = 1e-5;
    for (int j = 0; j < 3; j++) {
      double[] up = x.clone();
      double[] down = x.clone();
      up[j] += step;
      down[j] -= step;
      double[] gu = energyGradient(up);
      double[] gd = energyGradient(down);
      for (int i = 0; i < 3; i++) {
        h[i][j] = (gu[i] - gd[i]) / (2 * step);
      }
    }
    double[] reverse = RulesOfRules_Rrule.penalty(x).xBar();
    for (int i = 0; i < 3; i++) {
      double expected = 0;
      for (int j = 0; j < 3; j++) {
        expected += 2 * h[i][j] * g[j];
      }
      assertEquals(expected, reverse[i], 1e-8, "component " + i);
      double[] e = new double[3];
      e[i] = 1;
      assertEquals(expected, RulesOfRules_Frule.penalty(x, e).tangent(), 1e-8, "forward " + i);
    }
  }

  /** The gradient of {@link RulesOfRules#energy}, derived by hand. */
  private static double[] energyGradient(double[] x) {
    int n = x.length;
    double squares = 0;
    for (double v : x) {
      squares += v * v;
    }
    double[] g = new double[n];
    for (int k = 0; k < n; k++) {
      g[k] = Math.cos(x[k]) * x[(k + 1) % n] + Math.sin(x[(k - 1 + n) % n]) + 2 * x[k] * x[0];
    }
    g[0] += squares;
    return g;
  }
}
