package io.jgrad.corpus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@code fGradientInto}, the reverse rule that writes the gradient over the caller's buffers:
 * called directly, as an optimiser's loop calls it, beside what GradCheck checks of it at every
 * corpus point (the adjoint's gradient, over buffers holding NaN).
 */
class GradientIntoTest {
  private static final double[] X = {0.5, -1.25, 2.0};
  private static final double[] Y = {3.0, 0.25, -0.5};

  @Test
  void aWrittenBufferHoldsTheGradientWhateverItHeldBefore() {
    // sum of x_i^2: the loop's first contribution writes each element (xBar[i] = ...)
    double[] xBar = {7.0, Double.NaN, -3.0};
    double value = Loops_Rrule.sumOfSquaresGradientInto(X, xBar);
    assertEquals(Loops.sumOfSquares(X), value);
    assertArrayEquals(new double[] {1.0, -2.5, 4.0}, xBar); // 2 x
    Loops_Rrule.sumOfSquaresGradientInto(X, xBar); // a second call: the same, not twice it
    assertArrayEquals(new double[] {1.0, -2.5, 4.0}, xBar);
  }

  @Test
  void aZeroedBufferHoldsTheGradientToo() {
    // dot(x, y) + softplusSum(x) * sumOfSquares(y): the buffers are zeroed, then added into
    double[] xBar = new double[3];
    double[] yBar = new double[3];
    Arrays.fill(xBar, Double.NaN);
    Arrays.fill(yBar, 42.0);
    double value = CallsOther_Rrule.crossArrayGradientInto(X, xBar, Y, yBar);
    double[] xExpected = new double[3];
    double[] yExpected = new double[3];
    double expected = CallsOther_Rrule.crossArrayAdjoint(X, xExpected, Y, yExpected, 1.0);
    assertEquals(CallsOther.crossArray(X, Y), value);
    assertEquals(expected, value);
    assertArrayEquals(xExpected, xBar);
    assertArrayEquals(yExpected, yBar);
    double softplusSum = 0.0;
    double sumOfSquares = 0.0;
    for (int i = 0; i < 3; i++) {
      softplusSum += Math.log1p(Math.exp(X[i]));
      sumOfSquares += Y[i] * Y[i];
    }
    for (int i = 0; i < 3; i++) {
      double sigmoid = 1.0 / (1.0 + Math.exp(-X[i]));
      assertEquals(Y[i] + sigmoid * sumOfSquares, xBar[i], 1e-12);
      assertEquals(X[i] + softplusSum * 2 * Y[i], yBar[i], 1e-12);
    }
  }

  @Test
  void oneBufferPassedForTwoParametersReceivesTheSumOfTheirGradients() {
    // dot(x, x) with one buffer for both: y + x = 2 x, as fAdjoint adds it
    double[] bar = {9.0, 9.0, 9.0};
    double value = Calls_Rrule.dotGradientInto(X, bar, X, bar);
    assertEquals(Calls.dot(X, X), value);
    assertArrayEquals(new double[] {1.0, -2.5, 4.0}, bar);
  }

  @Test
  void aBufferWithoutTheArraysLengthIsRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Loops_Rrule.sumOfSquaresGradientInto(X, new double[4]));
    assertTrue(e.getMessage().contains("xBar has 4 elements, but x has 3"), e.getMessage());
  }
}
