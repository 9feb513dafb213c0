package io.jgrad.hipparchus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.check.GradCheck;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import org.hipparchus.special.Beta;
import org.hipparchus.special.Erf;
import org.hipparchus.special.Gamma;
import org.junit.jupiter.api.Test;

/**
 * Every custom rule of the module checked against its Hipparchus target with {@code
 * GradCheck.ofRules}: the forward rule against central finite differences of the target, the
 * reverse rule against the forward rule (dot-product tests, accumulation into scalarBars), and
 * both values bit for bit the target's, over the domains users call them on.
 */
class CustomRulesTest {
  /** A point drawn log-uniformly from [lo, hi]: small and large arguments alike. */
  private static Object[] logUniform(Random r, double lo, double hi) {
    return new Object[] {Math.exp(r.nextDouble(Math.log(lo), Math.log(hi)))};
  }

  private static void assertPassed(GradCheck.Report report, int points) {
    assertEquals(points, report.points(), report.toString());
  }

  // ---- Erf

  @Test
  void erf() {
    assertPassed(GradCheck.ofRules(ErfRules.class, "erf", double.class).range(-5, 5).points(200)
        .check(), 200);
    for (double x : new double[] {0, 1e-300, -1e-8, 0.4769362762044697, 3, -6, 27, 41}) {
      GradCheck.ofRules(ErfRules.class, "erf", double.class).checkAt(x);
    }
  }

  @Test
  void erfc() {
    assertPassed(GradCheck.ofRules(ErfRules.class, "erfc").range(-5, 5).points(200).check(),
        200);
    for (double x : new double[] {0, -1e-8, 0.4769362762044697, 6, -6, 26, -41}) {
      GradCheck.ofRules(ErfRules.class, "erfc").checkAt(x);
    }
  }

  @Test
  void erfOfTwoArguments() {
    // both orders, both signs, and each branch of Erf.erf(x1, x2) (erf or erfc differences)
    assertPassed(GradCheck.ofRules(ErfRules.class, "erf", double.class, double.class)
        .range(-5, 5).points(200).check(), 200);
    GradCheck.ofRules(ErfRules.class, "erf", double.class, double.class).checkAt(0.3, 0.3);
    GradCheck.ofRules(ErfRules.class, "erf", double.class, double.class).checkAt(2, 4.5);
    GradCheck.ofRules(ErfRules.class, "erf", double.class, double.class).checkAt(-4.5, -2);
  }

  @Test
  void erfInv() {
    assertPassed(GradCheck.ofRules(ErfRules.class, "erfInv").range(-0.999, 0.999).points(200)
        .check(), 200);
  }

  @Test
  void erfcInv() {
    assertPassed(GradCheck.ofRules(ErfRules.class, "erfcInv").range(0.001, 1.999).points(200)
        .check(), 200);
  }

  // ---- Gamma

  @Test
  void logGamma() {
    assertPassed(GradCheck.ofRules(GammaRules.class, "logGamma")
        .args(r -> logUniform(r, 1e-3, 1e6)).points(300).check(), 300);
    // the ends of Hipparchus' branches (0.5, 2.5, 8) and its Lanczos side
    for (double x : new double[] {0.5, 1, 2, 2.5, 8, 8.5, 1e3}) {
      GradCheck.ofRules(GammaRules.class, "logGamma").checkAt(x);
    }
  }

  @Test
  void logGamma1p() {
    // Hipparchus throws outside [-0.5, 1.5]: the largest finite-difference step is 0.015 here
    assertPassed(GradCheck.ofRules(GammaRules.class, "logGamma1p").range(-0.48, 1.48)
        .points(200).check(), 200);
  }

  @Test
  void gamma() {
    assertPassed(GradCheck.ofRules(GammaRules.class, "gamma").range(0.05, 25).points(200)
        .check(), 200);
    // (Hipparchus' gamma overflows from about 141 on, though Gamma(x) is finite up to 171.6)
    for (double x : new double[] {-0.5, -1.5, -2.3, -3.7, 1e-3, 100}) {
      GradCheck.ofRules(GammaRules.class, "gamma").checkAt(x);
    }
  }

  @Test
  void digamma() {
    assertPassed(GradCheck.ofRules(GammaRules.class, "digamma")
        .args(r -> logUniform(r, 1e-3, 1e6)).points(300).check(), 300);
    for (double x : new double[] {49, 48.999, -0.5, -2.7, -10.3}) {
      GradCheck.ofRules(GammaRules.class, "digamma").checkAt(x);
    }
  }

  @Test
  void trigamma() {
    assertPassed(GradCheck.ofRules(GammaRules.class, "trigamma")
        .args(r -> logUniform(r, 1e-3, 1e6)).points(300).check(), 300);
    for (double x : new double[] {49, 48.999, -0.5, -2.7, -10.3}) {
      GradCheck.ofRules(GammaRules.class, "trigamma").checkAt(x);
    }
  }

  /**
   * Below 1e-8 Hipparchus' digamma is {@code -gamma - 1/x} and trigamma {@code 1/x^2}: finite
   * differences of step 1e-7 cannot see them, so the rules' derivatives are compared with
   * central differences of relative step 1e-4 here.
   */
  @Test
  void tinyArguments() {
    for (double x : new double[] {1e-9, 3e-12, 1e-100}) {
      assertClose(centralDifference(Gamma::logGamma, x), GammaRules.logGamma(x, 1).tangent(),
          1e-7, "logGamma' at " + x);
      assertClose(centralDifference(Gamma::digamma, x), GammaRules.digamma(x, 1).tangent(),
          1e-7, "digamma' at " + x);
      assertClose(centralDifference(Gamma::trigamma, x), GammaRules.trigamma(x, 1).tangent(),
          1e-7, "trigamma' at " + x);
    }
  }

  // ---- Beta

  @Test
  void logBeta() {
    // each branch of Hipparchus' logBeta: min(a, b) below 1, in [1, 2], (2, 10), from 10 on,
    // with max(a, b) below 2, below 10, up to 1000 and above
    assertPassed(GradCheck.ofRules(BetaRules.class, "logBeta").args(r -> new Object[] {
        logUniform(r, 0.1, 2000)[0], logUniform(r, 0.1, 2000)[0]}).points(400).check(), 400);
    for (double[] ab : new double[][] {{0.5, 0.5}, {1.5, 1.8}, {3, 5}, {3, 2000}, {15, 40}}) {
      GradCheck.ofRules(BetaRules.class, "logBeta").checkAt(ab[0], ab[1]);
    }
  }

  /**
   * Arguments of very different sizes, where GradCheck's steps (scaled by the largest
   * argument) are too coarse for the smaller one: central differences with a step relative to
   * each argument.
   */
  @Test
  void logBetaOfArgumentsOfVeryDifferentSizes() {
    for (double[] ab : new double[][] {{1e-3, 1e3}, {0.07, 4000}, {1e4, 0.5}, {2e-2, 1e6}}) {
      double a = ab[0];
      double b = ab[1];
      double dA = centralDifference(x -> Beta.logBeta(x, b), a);
      double dB = centralDifference(y -> Beta.logBeta(a, y), b);
      assertClose(dA, BetaRules.logBeta(a, 1, b, 0).tangent(), 1e-7, "d/da at " + a + ", " + b);
      assertClose(dB, BetaRules.logBeta(a, 0, b, 1).tangent(), 1e-7, "d/db at " + a + ", " + b);
    }
  }

  /** The rule's derivatives are the closed forms digamma(a) - digamma(a + b), exactly. */
  @Test
  void logBetaDerivativesAreTheDigammaDifferences() {
    double a = 2.5;
    double b = 0.75;
    assertEquals(Polygamma.digamma(a) - Polygamma.digamma(a + b), BetaRules.logBeta(a, 1, b, 0)
        .tangent(), 0.0);
    assertEquals(Polygamma.digamma(b) - Polygamma.digamma(a + b), BetaRules.logBeta(a, 0, b, 1)
        .tangent(), 0.0);
  }

  /**
   * Known derivatives, from closed forms independent of the rules: erf'(0) = 2/sqrt(pi),
   * erfInv'(0) = sqrt(pi)/2, logGamma'(1) = digamma(1) = -Euler's gamma, digamma'(1) = pi^2/6,
   * trigamma'(1) = -2 zeta(3).
   */
  @Test
  void knownDerivatives() {
    assertClose(2 / Math.sqrt(Math.PI), ErfRules.erf(0, 1).tangent(), 1e-15, "erf'(0)");
    assertClose(-2 / Math.sqrt(Math.PI), ErfRules.erfc(0, 1).tangent(), 1e-15, "erfc'(0)");
    assertClose(Math.sqrt(Math.PI) / 2, ErfRules.erfInv(0, 1).tangent(), 1e-15, "erfInv'(0)");
    assertClose(-Reference.EULER_GAMMA, GammaRules.logGamma(1, 1).tangent(), 1e-15,
        "logGamma'(1)");
    assertClose(Math.PI * Math.PI / 6, GammaRules.digamma(1, 1).tangent(), 1e-15,
        "digamma'(1)");
    assertClose(-2 * Reference.ZETA_3, GammaRules.trigamma(1, 1).tangent(), 1e-15,
        "trigamma'(1)");
    // Gamma'(1) = Gamma(1) digamma(1) = -Euler's gamma; Gamma'(2) = 1 - Euler's gamma
    assertClose(-Reference.EULER_GAMMA, GammaRules.gamma(1, 1).tangent(), 1e-15, "Gamma'(1)");
    assertClose(1 - Reference.EULER_GAMMA, GammaRules.gamma(2, 1).tangent(), 4e-15,
        "Gamma'(2)");
    // logBeta(a, 1) = -log(a): d/da = -1/a
    assertClose(-1 / 3.5, BetaRules.logBeta(3.5, 1, 1, 0).tangent(), 1e-15, "d logBeta/da");
  }

  @Test
  void valuesAreHipparchusValuesBitForBit() {
    Random r = new Random(7);
    for (int i = 0; i < 1000; i++) {
      double x = r.nextDouble(-6, 6);
      double p = Math.exp(r.nextDouble(-7, 7));
      double u = r.nextDouble(-1, 1);
      assertSame(Erf.erf(x), ErfRules.erf(x, 1).value());
      assertSame(Erf.erf(x), ErfRules.erfAdjoint(x, 1, new double[1]));
      assertSame(Erf.erfc(x), ErfRules.erfc(x, 1).value());
      assertSame(Erf.erfc(x), ErfRules.erfcAdjoint(x, 1, new double[1]));
      assertSame(Erf.erf(x, u), ErfRules.erf(x, 1, u, 1).value());
      assertSame(Erf.erf(x, u), ErfRules.erfAdjoint(x, u, 1, new double[2]));
      assertSame(Erf.erfInv(u), ErfRules.erfInv(u, 1).value());
      assertSame(Erf.erfcInv(u + 1), ErfRules.erfcInvAdjoint(u + 1, 1, new double[1]));
      assertSame(Gamma.logGamma(p), GammaRules.logGamma(p, 1).value());
      assertSame(Gamma.logGamma(p), GammaRules.logGammaAdjoint(p, 1, new double[1]));
      assertSame(Gamma.gamma(x), GammaRules.gamma(x, 1).value());
      assertSame(Gamma.digamma(p), GammaRules.digammaAdjoint(p, 1, new double[1]));
      assertSame(Gamma.trigamma(p), GammaRules.trigamma(p, 1).value());
      assertSame(Beta.logBeta(p, x * x),
          BetaRules.logBetaAdjoint(p, x * x, 1, new double[2]));
    }
  }

  static double centralDifference(DoubleUnaryOperator f, double x) {
    double h = 1e-4 * x;
    return (f.applyAsDouble(x + h) - f.applyAsDouble(x - h)) / ((x + h) - (x - h));
  }

  static void assertClose(double expected, double actual, double relative, String what) {
    assertTrue(Math.abs(expected - actual) <= relative * Math.abs(expected),
        () -> what + ": expected " + expected + " but was " + actual + " (relative error "
            + Math.abs(expected - actual) / Math.abs(expected) + ")");
  }

  private static void assertSame(double expected, double actual) {
    assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual),
        () -> "expected " + expected + " bit for bit, was " + actual);
  }
}
