package io.jgrad.samples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The samples that use jgrad-hipparchus: BlackScholes, ConjugateGradient and CurveFit. */
class HipparchusSamplesTest {
  // ---- BlackScholes: greeks from the rules equal the closed forms

  /** In, at and out of the money, short and long maturities, low and high volatility. */
  private static final double[][] MARKETS = {
      {100, 95, 0.75, 0.03, 0.25}, {100, 100, 1, 0.05, 0.2}, {80, 120, 0.1, 0.01, 0.6},
      {150, 100, 5, 0.04, 0.15}, {42, 40, 0.5, 0.1, 0.2}};

  @Test
  void greeksFromTheRulesAreTheClosedForms() {
    for (double[] m : MARKETS) {
      BlackScholes.Greeks jgrad = BlackScholes.fromRules(m[0], m[1], m[2], m[3], m[4]);
      BlackScholes.Greeks exact = BlackScholes.closedForm(m[0], m[1], m[2], m[3], m[4]);
      String at = " at S, K, T, r, sigma = " + java.util.Arrays.toString(m);
      assertEquals(BlackScholes.call(m[0], m[1], m[2], m[3], m[4]), jgrad.price(), 0.0,
          "price" + at);
      assertClose(exact.price(), jgrad.price(), "price" + at);
      assertClose(exact.delta(), jgrad.delta(), "delta" + at);
      assertClose(exact.vega(), jgrad.vega(), "vega" + at);
      assertClose(exact.theta(), jgrad.theta(), "theta" + at);
      assertClose(exact.rho(), jgrad.rho(), "rho" + at);
      assertClose(exact.dualDelta(), jgrad.dualDelta(), "dV/dK" + at);
      assertClose(exact.gamma(), jgrad.gamma(), "gamma" + at);
      assertClose(exact.vanna(), jgrad.vanna(), "vanna" + at);
      assertClose(exact.volga(), jgrad.volga(), "volga" + at);
      assertTrue(jgrad.theta() < 0, "a call loses value as time passes" + at);
    }
  }

  /** Hull's example in "The Greek Letters" (S = 49, K = 50, r = 5%, sigma = 20%, 20 weeks). */
  @Test
  void hullsExample() {
    BlackScholes.Greeks g = BlackScholes.fromRules(49, 50, 0.3846, 0.05, 0.2);
    assertEquals(2.4, g.price(), 0.005);
    assertEquals(0.522, g.delta(), 0.0005);
  }

  @Test
  void blackScholesPrintsEachGreekNextToItsClosedForm() {
    String text = printed(out -> BlackScholes.print(100, 95, 0.75, 0.03, 0.25, out));
    for (String greek : new String[] {"delta", "vega", "theta", "rho", "dV/dK", "gamma", "vanna",
        "volga"}) {
      assertTrue(text.lines().anyMatch(l -> l.startsWith(greek + " ")), greek + "\n" + text);
    }
  }

  // ---- ConjugateGradient: the optimizer reaches the minimum with jgrad's gradient

  @Test
  void jgradsGradientIsTheGradientByHand() {
    double[] x = ConjugateGradient.start();
    double[] jgrad = Rosenbrock_Rrule.fFunction(x).gradient(x);
    double[] byHand = ConjugateGradient.gradientByHand(x);
    for (int i = 0; i < x.length; i++) {
      assertEquals(byHand[i], jgrad[i], 1e-12 * Math.max(1, Math.abs(byHand[i])), "x[" + i + "]");
    }
  }

  @Test
  void conjugateGradientConvergesWithJgradsGradient() {
    ConjugateGradient.Result jgrad = ConjugateGradient.minimize(ConjugateGradient.Gradient.JGRAD);
    assertTrue(jgrad.distanceToMinimum() < 1e-6, "max |x - 1| = " + jgrad.distanceToMinimum());
    assertTrue(jgrad.optimum().getValue() < 1e-12, "f = " + jgrad.optimum().getValue());
    assertEquals(jgrad.iterations(), jgrad.gradientCalls()); // one gradient per iteration
    // the same path as with the gradient by hand, to the rounding of the gradients
    ConjugateGradient.Result byHand =
        ConjugateGradient.minimize(ConjugateGradient.Gradient.BY_HAND);
    assertEquals(byHand.iterations(), jgrad.iterations(), 0.05 * byHand.iterations());
  }

  // ---- CurveFit: Levenberg-Marquardt recovers the parameters with jgrad's Jacobian

  @Test
  void jgradsJacobianIsTheJacobianByHand() {
    double[] t = CurveFit.times();
    double[][] jgrad = CurveFit_Rrule.peaksFunction(CurveFit.START, t).jacobian(CurveFit.START);
    double[][] byHand = CurveFit.jacobianByHand(CurveFit.START, t);
    for (int i = 0; i < t.length; i++) {
      assertArrayEquals(byHand[i], jgrad[i], 1e-14, "row " + i);
    }
  }

  @Test
  void curveFitRecoversTheParametersOfNoiselessData() {
    double[] t = CurveFit.times();
    CurveFit.Fit fit = CurveFit.fit(CurveFit.Jacobian.JGRAD, t, CurveFit.observations(t, 0));
    assertArrayEquals(CurveFit.TRUTH, fit.parameters(), 1e-9);
    assertTrue(fit.optimum().getCost() < 1e-10, "cost " + fit.optimum().getCost());
  }

  @Test
  void curveFitWithNoiseFindsTheLeastSquaresFitOfTheOtherJacobians() {
    double[] t = CurveFit.times();
    double[] observed = CurveFit.observations(t, CurveFit.NOISE);
    CurveFit.Fit jgrad = CurveFit.fit(CurveFit.Jacobian.JGRAD, t, observed);
    CurveFit.Fit byHand = CurveFit.fit(CurveFit.Jacobian.BY_HAND, t, observed);
    CurveFit.Fit differences = CurveFit.fit(CurveFit.Jacobian.FINITE_DIFFERENCES, t, observed);
    assertArrayEquals(byHand.parameters(), jgrad.parameters(), 1e-10);
    assertArrayEquals(differences.parameters(), jgrad.parameters(), 1e-8);
    // 200 samples of noise 0.02: the parameters are within a few hundredths of the truth
    assertArrayEquals(CurveFit.TRUTH, jgrad.parameters(), 0.02);
    // and the residuals are the noise: rms close to 0.02
    assertEquals(CurveFit.NOISE, jgrad.optimum().getRMS(), 0.003);
  }

  private static void assertClose(double expected, double actual, String what) {
    assertEquals(expected, actual, 1e-10 * Math.abs(expected), what);
  }

  private static String printed(java.util.function.Consumer<PrintStream> body) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      body.accept(out);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
