package io.jgrad.corpus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The rules of {@link OptionalArrays} called with null arrays, as the primal accepts them. */
class OptionalArraysTest {
  private static final double[] X = {0.5, -1.25, 2.0};

  @Test
  void nullOutputBufferIsLeftOut() {
    double[] x = X.clone();
    double value = OptionalArrays.squaresInto(X.clone(), null);
    OptionalArrays_Rrule.SquaresIntoGradient gradient =
        OptionalArrays_Rrule.squaresInto(x, null);
    assertEquals(value, gradient.value());
    // d/dx sum x_i^2 = 2 x_i, exact in binary
    assertArrayEquals(new double[] {1.0, -2.5, 4.0}, gradient.xBar());
    assertNull(gradient.outBar());
    double[] xDot = {1.0, 0.0, -1.0};
    double tangent = OptionalArrays_Frule.squaresInto(X.clone(), xDot, null, null).tangent();
    assertEquals(2 * 0.5 * 1.0 - 2 * 2.0 * 1.0, tangent); // exact
  }

  @Test
  void nullWeightsAreEqualWeights() {
    double[] x = X.clone();
    // meanGap(x, null) = mean(x) - mean(x) / 2 = mean(x) / 2: each xBar is 1 / (2 n)
    OptionalArrays_Rrule.MeanGapGradient gradient = OptionalArrays_Rrule.meanGap(x, null);
    assertEquals(OptionalArrays.meanGap(X.clone(), null), gradient.value());
    for (double bar : gradient.xBar()) {
      assertEquals(1.0 / 6, bar, 1e-15);
    }
    assertNull(gradient.wBar());
  }

  @Test
  void nullArgumentForAnArrayResult() {
    double[][] jacobian = OptionalArrays_Rrule.scaledOrDefaultJacobian(null, 3.0);
    // y = a * {1, 4}: the only column is a's
    assertArrayEquals(new double[] {1.0}, jacobian[0]);
    assertArrayEquals(new double[] {4.0}, jacobian[1]);
    assertArrayEquals(new double[] {3.0, 12.0},
        OptionalArrays_Frule.scaledOrDefault(null, null, 3.0, 0.0).value());
  }
}
