package io.jgrad.hipparchus;

import static io.jgrad.hipparchus.CustomRulesTest.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgrad.check.GradCheck;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.hipparchus.special.Erf;
import org.hipparchus.special.Gamma;
import org.junit.jupiter.api.Test;

/**
 * {@link SpecialFunctionModels}, compiled with the rules on the class path only: their
 * gradients against closed forms, their second-order rules ({@code fHvp}, {@code fHessian},
 * which exist only because every reverse rule on the way is differentiable) against closed-form
 * Hessians and central differences of closed-form gradients, and everything once more with
 * {@code GradCheck}.
 */
class RulesFromTheClassPathTest {
  private static final double C = 2 / Math.sqrt(Math.PI);

  /** The index the main compilation wrote, as the test compilation read it. */
  @Test
  void theIndexListsTheHolders() throws IOException {
    assertEquals("io.jgrad.hipparchus.ErfRules", index("org.hipparchus.special.Erf"));
    assertEquals("io.jgrad.hipparchus.GammaRules", index("org.hipparchus.special.Gamma"));
    assertEquals("io.jgrad.hipparchus.BetaRules", index("org.hipparchus.special.Beta"));
  }

  private static String index(String target) throws IOException {
    try (InputStream in = RulesFromTheClassPathTest.class.getClassLoader()
        .getResourceAsStream("io/jgrad/rules/" + target)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
    }
  }

  // ---- gradients against closed forms

  @Test
  void errorFunctionsGradient() {
    double x = 0.7;
    double y = -0.4;
    var g = SpecialFunctionModels_Rrule.errorFunctions(x, y);
    double e = Math.exp(-(x * y) * (x * y));
    double d = Math.exp(-(x - y) * (x - y));
    assertClose(C * (y * e - d - Math.exp(-x * x)), g.xBar(), 1e-14, "d/dx");
    assertClose(C * (x * e + d + Math.exp(-y * y)), g.yBar(), 1e-14, "d/dy");
  }

  @Test
  void betaLogDensityGradient() {
    double x = 0.3;
    double a = 2.5;
    double b = 0.75;
    var g = SpecialFunctionModels_Rrule.betaLogDensity(x, a, b);
    double psiSum = Reference.digamma(a + b);
    assertClose((a - 1) / x - (b - 1) / (1 - x), g.xBar(), 1e-14, "d/dx");
    assertClose(Math.log(x) - Reference.digamma(a) + psiSum, g.aBar(), 1e-14, "d/da");
    assertClose(Math.log1p(-x) - Reference.digamma(b) + psiSum, g.bBar(), 1e-14, "d/db");
  }

  @Test
  void studentTGradient() {
    double[] p = {1.3, -0.2, 4.5};
    var g = SpecialFunctionModels_Rrule.studentTLogDensity(p[0], p[1], p[2]);
    double[] expected = studentTGradient(p);
    assertClose(expected[0], g.xBar(), 1e-14, "d/dx");
    assertClose(expected[1], g.muBar(), 1e-14, "d/dmu");
    assertClose(expected[2], g.nuBar(), 1e-13, "d/dnu");
  }

  /** By hand: with z = x - mu, d/dx = -(nu + 1) z / (nu + z^2) = -d/dmu, d/dnu below. */
  private static double[] studentTGradient(double[] p) {
    double z = p[0] - p[1];
    double nu = p[2];
    double dx = -(nu + 1) * z / (nu + z * z);
    double dnu = 0.5 * Reference.digamma(0.5 * (nu + 1)) - 0.5 * Reference.digamma(0.5 * nu)
        - 0.5 / nu - 0.5 * Math.log1p(z * z / nu) + (nu + 1) * z * z / (2 * nu * (nu + z * z));
    return new double[] {dx, -dx, dnu};
  }

  @Test
  void polygammasDerivatives() {
    for (double x : new double[] {0.6, 1, 1.7, 2.4}) {
      // the method multiplies Hipparchus' values; their derivatives are the rules'
      double digammaValue = Gamma.digamma(x);
      double trigammaValue = Gamma.trigamma(x);
      double psi = Reference.digamma(x);
      double psi1 = Reference.polygamma(1, x);
      double psi2 = Reference.polygamma(2, x);
      double psi3 = Reference.polygamma(3, x);
      double gamma = Gamma.gamma(x);
      // f = digamma trigamma + Gamma + logGamma1p(x - 1):
      // f' = psi' trigamma + digamma psi'' + Gamma psi + psi
      double first = psi1 * trigammaValue + digammaValue * psi2 + gamma * psi + psi;
      // f'' = psi'' trigamma + 2 psi' psi'' + digamma psi''' + Gamma (psi^2 + psi') + psi'
      double second = psi2 * trigammaValue + 2 * psi1 * psi2 + digammaValue * psi3
          + gamma * (psi * psi + psi1) + psi1;
      var hvp = SpecialFunctionModels_Rrule.polygammasHvp(x, 1.0);
      assertClose(first, hvp.xBar(), 1e-13, "f'(" + x + ")");
      assertClose(second, hvp.xHvp(), 1e-12, "f''(" + x + ")");
    }
  }

  @Test
  void twiceNormalQuantileDerivative() {
    for (double p : new double[] {0.001, 0.2, 0.5, 0.9}) {
      double q = Math.sqrt(2) * Erf.erfInv(2 * p - 1);
      // d/dp of twice the quantile: 2 / phi(quantile) = 2 sqrt(2 pi) exp(q^2 / 2)
      double expected = 2 * Math.sqrt(2 * Math.PI) * Math.exp(q * q / 2);
      assertClose(expected, SpecialFunctionModels_Rrule.twiceNormalQuantile(p).pBar(), 1e-13,
          "at " + p);
      // second derivative: d/dp [2 sqrt(2 pi) exp(q^2/2)] = 2 sqrt(2 pi) exp(q^2/2) q q'
      double secondExpected = expected * q * (expected / 2);
      assertClose(secondExpected, SpecialFunctionModels_Rrule.twiceNormalQuantileHvp(p, 1)
          .pHvp(), 1e-12, "second derivative at " + p);
    }
  }

  @Test
  void poissonGradient() {
    double[] eta = {-1, 0.2, 1.5};
    double[] counts = {0, 3, 5};
    double[] g = SpecialFunctionModels_Rrule.poissonLogLikelihood(eta, counts).etaBar();
    for (int i = 0; i < eta.length; i++) {
      assertClose(counts[i] - Math.exp(eta[i]), g[i], 1e-15, "d/deta[" + i + "]");
    }
  }

  // ---- second order

  /** fHessian against the Hessian by hand. */
  @Test
  void betaLogDensityHessian() {
    double x = 0.3;
    double a = 2.5;
    double b = 0.75;
    double t = Reference.polygamma(1, a + b);
    double[][] expected = {
        {-(a - 1) / (x * x) - (b - 1) / ((1 - x) * (1 - x)), 1 / x, -1 / (1 - x)},
        {1 / x, -Reference.polygamma(1, a) + t, t},
        {-1 / (1 - x), t, -Reference.polygamma(1, b) + t}};
    double[][] hessian = SpecialFunctionModels_Rrule.betaLogDensityHessian(x, a, b);
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        assertClose(expected[i][j], hessian[i][j], 1e-13, "H[" + i + "][" + j + "]");
      }
    }
  }

  /** fHvp against central differences of the closed-form gradient along the direction. */
  @Test
  void studentTHvpMatchesCentralDifferencesOfTheGradient() {
    Random r = new Random(3);
    for (int k = 0; k < 20; k++) {
      double[] p = {r.nextDouble(-3, 3), r.nextDouble(-1, 1), r.nextDouble(0.5, 30)};
      double[] v = {r.nextGaussian(), r.nextGaussian(), r.nextGaussian()};
      var hvp = SpecialFunctionModels_Rrule.studentTLogDensityHvp(p[0], v[0], p[1], v[1], p[2],
          v[2]);
      double h = 1e-5;
      double[] plus = studentTGradient(new double[] {p[0] + h * v[0], p[1] + h * v[1],
          p[2] + h * v[2]});
      double[] minus = studentTGradient(new double[] {p[0] - h * v[0], p[1] - h * v[1],
          p[2] - h * v[2]});
      double[] actual = {hvp.xHvp(), hvp.muHvp(), hvp.nuHvp()};
      for (int i = 0; i < 3; i++) {
        double expected = (plus[i] - minus[i]) / (2 * h);
        assertEquals(expected, actual[i], 1e-7 * Math.max(1, Math.abs(expected)),
            "(H v)[" + i + "] at point " + k);
      }
    }
  }

  // ---- the harness: finite differences, dot-product tests, values, Hessian-vector products

  @Test
  void gradCheckEveryModel() {
    check(GradCheck.of(SpecialFunctionModels.class, "errorFunctions").range(-3, 3).points(50));
    check(GradCheck.of(SpecialFunctionModels.class, "betaLogDensity").args(r -> new Object[] {
        r.nextDouble(0.05, 0.95), r.nextDouble(0.1, 20), r.nextDouble(0.1, 20)}).points(50));
    check(GradCheck.of(SpecialFunctionModels.class, "studentTLogDensity").args(r -> new Object[] {
        r.nextDouble(-5, 5), r.nextDouble(-2, 2), r.nextDouble(0.3, 100)}).points(50));
    check(GradCheck.of(SpecialFunctionModels.class, "polygammas").range(0.52, 2.48).points(50));
    check(GradCheck.of(SpecialFunctionModels.class, "twiceNormalQuantile").range(0.01, 0.99)
        .points(50));
    check(GradCheck.of(SpecialFunctionModels.class, "poissonLogLikelihood").args(r -> {
      double[] eta = new double[5];
      double[] counts = new double[5];
      for (int i = 0; i < 5; i++) {
        eta[i] = r.nextDouble(-2, 2);
        counts[i] = r.nextInt(10);
      }
      return new Object[] {eta, counts};
    }).points(20));
  }

  private static void check(GradCheck check) {
    GradCheck.Report report = check.check();
    // every point checked, Hessian-vector products included
    assertEquals(report.points(), report.hessianPoints(), report.toString());
  }
}
