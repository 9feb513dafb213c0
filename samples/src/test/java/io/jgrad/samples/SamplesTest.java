package io.jgrad.samples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.Dual;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Checks the generated rules of the samples against hand-derived and numerical derivatives. */
class SamplesTest {
  private static final double[] ROSENBROCK_X = {-1.2, 1.0, 0.5, -0.3};
  private static final double[] ROSENBROCK_X_LONG = {0.9, -0.4, 1.3, 2.0, -1.7, 0.05, 1.0};
  private static final double[] SUM_COS_EXP_X = {-1.0, -0.5, 0.0, 0.3, 0.7, 1.1};
  private static final double[] W = {0.3, -0.2, 0.5};
  private static final double B = 0.1;

  // ----------------------------------------------------------------------------------------------
  // Independent reference derivatives
  // ----------------------------------------------------------------------------------------------

  /**
   * Gradient of {@code sum_{i < n-1} 100 (x[i+1] - x[i]^2)^2 + (1 - x[i])^2}, by hand.
   *
   * <p>x[k] appears in term k (as x[i]) and in term k-1 (as x[i+1]):
   *
   * <pre>
   *   d/dx[k] = [k < n-1] * (-400 x[k] (x[k+1] - x[k]^2) - 2 (1 - x[k]))
   *           + [k > 0]   * (200 (x[k] - x[k-1]^2))
   * </pre>
   */
  private static double[] rosenbrockGradient(double[] x) {
    int n = x.length;
    double[] g = new double[n];
    for (int k = 0; k < n; k++) {
      if (k < n - 1) {
        g[k] += -400 * x[k] * (x[k + 1] - x[k] * x[k]) - 2 * (1 - x[k]);
      }
      if (k > 0) {
        g[k] += 200 * (x[k] - x[k - 1] * x[k - 1]);
      }
    }
    return g;
  }

  /** d/dx[i] of sum cos(exp(x[i])) = -sin(exp(x[i])) * exp(x[i]). */
  private static double[] sumCosExpGradient(double[] x) {
    double[] g = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      g[i] = -Math.sin(Math.exp(x[i])) * Math.exp(x[i]);
    }
    return g;
  }

  /** Central difference of the logistic loss in parameter k of (w[0], ..., w[m-1], b). */
  private static double logisticCentralDifference(double[] w, double b, int k) {
    double h = 1e-6;
    double[] p = Arrays.copyOf(w, w.length + 1);
    p[w.length] = b;
    double[] plus = p.clone();
    double[] minus = p.clone();
    plus[k] += h;
    minus[k] -= h;
    double fPlus = LogisticRegression.loss(Arrays.copyOf(plus, w.length), plus[w.length]);
    double fMinus = LogisticRegression.loss(Arrays.copyOf(minus, w.length), minus[w.length]);
    return (fPlus - fMinus) / (plus[k] - minus[k]);
  }

  private static void assertClose(double expected, double actual, double relTol, String what) {
    double tol = relTol * Math.max(1.0, Math.abs(expected));
    assertEquals(expected, actual, tol, what);
  }

  private static void assertSameBits(double expected, double actual, String what) {
    assertEquals(
        Double.doubleToRawLongBits(expected),
        Double.doubleToRawLongBits(actual),
        () -> what + ": expected " + expected + " bit for bit but was " + actual);
  }

  private static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  // ----------------------------------------------------------------------------------------------
  // Rosenbrock
  // ----------------------------------------------------------------------------------------------

  @Test
  void rosenbrockGradientMatchesAnalyticGradient() {
    for (double[] x : new double[][] {ROSENBROCK_X, ROSENBROCK_X_LONG}) {
      double[] expected = rosenbrockGradient(x);
      double[] actual = Rosenbrock_Rrule.f(x).xBar();
      assertEquals(x.length, actual.length);
      for (int i = 0; i < x.length; i++) {
        assertClose(expected[i], actual[i], 1e-12, "d/dx[" + i + "] at " + Arrays.toString(x));
      }
    }
  }

  @Test
  void rosenbrockGradientAtDemoPointHasKnownValues() {
    // Worked out by hand from the formula above at x = (-1.2, 1, 0.5, -0.3).
    double[] g = Rosenbrock_Rrule.f(ROSENBROCK_X).xBar();
    assertClose(-215.6, g[0], 1e-12, "x[0]");
    assertClose(112.0, g[1], 1e-12, "x[1]");
    assertClose(9.0, g[2], 1e-12, "x[2]");
    assertClose(-110.0, g[3], 1e-12, "x[3]");
    assertEquals(79.7, Rosenbrock.f(ROSENBROCK_X), 1e-12);
  }

  @Test
  void rosenbrockForwardTangentIsDirectionalDerivative() {
    double[] xDot = {1.0, -0.5, 0.25, 2.0};
    Dual d = Rosenbrock_Frule.f(ROSENBROCK_X, xDot);
    assertClose(dot(rosenbrockGradient(ROSENBROCK_X), xDot), d.tangent(), 1e-12, "tangent");
  }

  @Test
  void rosenbrockAdjointAddsSeedTimesGradient() {
    double[] x = ROSENBROCK_X;
    double[] initial = {1.0, -2.0, 3.0, -4.0};
    double[] xBar = initial.clone();
    double seed = 2.5;
    Rosenbrock_Rrule.fAdjoint(x, xBar, seed);
    double[] g = rosenbrockGradient(x);
    for (int i = 0; i < x.length; i++) {
      assertClose(initial[i] + seed * g[i], xBar[i], 1e-12, "xBar[" + i + "]");
    }
  }

  // ----------------------------------------------------------------------------------------------
  // SumCosExp
  // ----------------------------------------------------------------------------------------------

  @Test
  void sumCosExpGradientMatchesAnalyticGradient() {
    double[] expected = sumCosExpGradient(SUM_COS_EXP_X);
    double[] actual = SumCosExp_Rrule.f(SUM_COS_EXP_X).xBar();
    assertEquals(expected.length, actual.length);
    for (int i = 0; i < expected.length; i++) {
      assertClose(expected[i], actual[i], 1e-14, "d/dx[" + i + "]");
    }
  }

  @Test
  void sumCosExpForwardTangentIsDirectionalDerivative() {
    double[] xDot = {1.0, -1.0, 0.5, 2.0, -0.25, 0.75};
    Dual d = SumCosExp_Frule.f(SUM_COS_EXP_X, xDot);
    assertClose(dot(sumCosExpGradient(SUM_COS_EXP_X), xDot), d.tangent(), 1e-13, "tangent");
  }

  // ----------------------------------------------------------------------------------------------
  // LogisticRegression
  // ----------------------------------------------------------------------------------------------

  @Test
  void logisticLossIsSane() {
    double loss = LogisticRegression.loss(W, B);
    assertTrue(loss > 0.1 && loss < 2.0, "loss " + loss);
    // At w = 0, b = 0 every margin is 0 and each sample contributes log(2).
    assertClose(Math.log(2), LogisticRegression.loss(new double[3], 0.0), 1e-15, "loss at 0");
  }

  @Test
  void logisticGradientMatchesCentralDifferences() {
    for (double[] w : new double[][] {W, {0.0, 0.0, 0.0}, {-1.5, 2.0, 0.7}}) {
      double b = w == W ? B : -0.4;
      LogisticRegression_Rrule.LossGradient g = LogisticRegression_Rrule.loss(w, b);
      assertEquals(w.length, g.wBar().length);
      for (int j = 0; j < w.length; j++) {
        assertClose(
            logisticCentralDifference(w, b, j), g.wBar()[j], 1e-7, "dLoss/dw[" + j + "]");
      }
      assertClose(logisticCentralDifference(w, b, w.length), g.bBar(), 1e-7, "dLoss/db");
    }
  }

  @Test
  void logisticForwardTangentMatchesReverseGradient() {
    double[] wDot = {0.5, 1.0, -1.0};
    double bDot = 0.3;
    LogisticRegression_Rrule.LossGradient g = LogisticRegression_Rrule.loss(W, B);
    Dual d = LogisticRegression_Frule.loss(W, wDot, B, bDot);
    assertClose(dot(g.wBar(), wDot) + g.bBar() * bDot, d.tangent(), 1e-12, "tangent");
  }

  @Test
  void logisticAdjointAddsIntoArrayAndScalarBuffers() {
    LogisticRegression_Rrule.LossGradient g = LogisticRegression_Rrule.loss(W, B);
    double[] wBar = {1.0, 2.0, 3.0};
    double[] scalarBars = {-1.0};
    double seed = -0.5;
    LogisticRegression_Rrule.lossAdjoint(W, wBar, B, seed, scalarBars);
    for (int j = 0; j < W.length; j++) {
      assertClose(1.0 + j + seed * g.wBar()[j], wBar[j], 1e-14, "wBar[" + j + "]");
    }
    assertClose(-1.0 + seed * g.bBar(), scalarBars[0], 1e-14, "scalarBars[0] (db)");
  }

  // ----------------------------------------------------------------------------------------------
  // Values: every rule returns the primal's value bit for bit
  // ----------------------------------------------------------------------------------------------

  @Test
  void rulesReturnPrimalValueBitForBit() {
    double[] x = ROSENBROCK_X;
    double f = Rosenbrock.f(x);
    assertSameBits(f, Rosenbrock_Rrule.f(x).value(), "Rosenbrock_Rrule.f");
    assertSameBits(
        f, Rosenbrock_Frule.f(x, new double[] {1, 2, 3, 4}).value(), "Rosenbrock_Frule.f");
    assertSameBits(
        f, Rosenbrock_Rrule.fAdjoint(x, new double[4], 1.0), "Rosenbrock_Rrule.fAdjoint");

    double[] y = SUM_COS_EXP_X;
    double s = SumCosExp.f(y);
    assertSameBits(s, SumCosExp_Rrule.f(y).value(), "SumCosExp_Rrule.f");
    assertSameBits(s, SumCosExp_Frule.f(y, new double[y.length]).value(), "SumCosExp_Frule.f");
    assertSameBits(
        s, SumCosExp_Rrule.fAdjoint(y, new double[y.length], 1.0), "SumCosExp_Rrule.fAdjoint");

    double l = LogisticRegression.loss(W, B);
    assertSameBits(
        l, LogisticRegression_Rrule.loss(W, B).value(), "LogisticRegression_Rrule.loss");
    assertSameBits(
        l,
        LogisticRegression_Frule.loss(W, new double[] {1, 0, 0}, B, 0.5).value(),
        "LogisticRegression_Frule.loss");
    assertSameBits(
        l,
        LogisticRegression_Rrule.lossAdjoint(W, new double[3], B, 1.0, new double[1]),
        "LogisticRegression_Rrule.lossAdjoint");
  }

  @Test
  void rulesDoNotModifyTheirInputs() {
    double[] x = ROSENBROCK_X.clone();
    double[] xDot = {1.0, -0.5, 0.25, 2.0};
    double[] xDotCopy = xDot.clone();
    Rosenbrock_Rrule.f(x);
    Rosenbrock_Frule.f(x, xDot);
    Rosenbrock_Rrule.fAdjoint(x, new double[x.length], 1.0);
    assertArrayEquals(ROSENBROCK_X, x);
    assertArrayEquals(xDotCopy, xDot);
  }

  // ----------------------------------------------------------------------------------------------
  // The demo itself
  // ----------------------------------------------------------------------------------------------

  @Test
  void demoPassesAllItsChecks() {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    boolean ok;
    try (PrintStream out = new PrintStream(buffer, true, StandardCharsets.UTF_8)) {
      ok = Demo.run(out);
    }
    String text = buffer.toString(StandardCharsets.UTF_8);
    assertTrue(ok, text);
    assertTrue(text.contains("Rosenbrock.f"), text);
    assertTrue(text.contains("LogisticRegression.loss"), text);
    assertTrue(text.contains("SumCosExp.f"), text);
    assertFalse(text.contains("[FAIL]"), text);
  }

  // ----------------------------------------------------------------------------------------------
  // Second order
  // ----------------------------------------------------------------------------------------------

  /**
   * Hessian of the Rosenbrock function, by hand: {@code d2/dx[k]^2 = [k < n-1] (1200 x[k]^2 -
   * 400 x[k+1] + 2) + [k > 0] 200} and {@code d2/dx[k]dx[k+1] = -400 x[k]}.
   */
  private static double[][] rosenbrockHessian(double[] x) {
    int n = x.length;
    double[][] h = new double[n][n];
    for (int k = 0; k < n; k++) {
      if (k < n - 1) {
        h[k][k] += 1200 * x[k] * x[k] - 400 * x[k + 1] + 2;
        h[k][k + 1] = -400 * x[k];
        h[k + 1][k] = -400 * x[k];
      }
      if (k > 0) {
        h[k][k] += 200;
      }
    }
    return h;
  }

  @Test
  void rosenbrockHessianAndHvpMatchTheHandDerivedHessian() {
    double[] x = ROSENBROCK_X_LONG.clone();
    double[][] expected = rosenbrockHessian(x);
    double[][] hessian = Rosenbrock_Rrule.fHessian(x);
    assertArrayEquals(ROSENBROCK_X_LONG, x, 0.0); // the arguments are left as they were
    for (int k = 0; k < x.length; k++) {
      assertArrayEquals(expected[k], hessian[k], 1e-12 * 4000, "row " + k);
    }
    double[] v = {0.5, -1.0, 0.25, 2.0, -0.75, 1.5, 0.1};
    Rosenbrock_Rrule.FHvp hvp = Rosenbrock_Rrule.fHvp(x, v);
    assertEquals(Rosenbrock.f(x), hvp.value(), 0.0);
    assertArrayEquals(rosenbrockGradient(x), hvp.xBar(), 1e-12 * 4000);
    for (int k = 0; k < x.length; k++) {
      double hv = 0;
      for (int j = 0; j < x.length; j++) {
        hv += expected[k][j] * v[j];
      }
      assertEquals(hv, hvp.xHvp()[k], 1e-12 * 4000, "entry " + k);
    }
  }

  @Test
  void newtonConvergesToTheMinimumOfRosenbrock() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    double[] x = Newton.minimize(new double[] {-1.2, 1.0}, 1e-12, 100,
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String log = bytes.toString(StandardCharsets.UTF_8);
    assertArrayEquals(new double[] {1, 1}, x, 1e-10, log);
    assertTrue(log.lines().count() < 40, log); // Newton: tens of steps, not thousands
  }
}
