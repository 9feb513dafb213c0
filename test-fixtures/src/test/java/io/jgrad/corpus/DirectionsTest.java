package io.jgrad.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jgrad.Directions;
import org.junit.jupiter.api.Test;

/**
 * Vector forward mode ({@code fDirections}) called as a user calls it. The harness checks every
 * corpus method's {@code fDirections} against its single-direction forward rule bit for bit;
 * these tests pin the API (the methods exist where the processor should generate them) and check
 * against derivatives computed independently, by hand.
 */
class DirectionsTest {
  /** The gradient of chained Rosenbrock as in {@link Classic#rosenbrock}, from its closed form. */
  private static double[] rosenbrockGradient(double[] x) {
    int n = x.length;
    double[] g = new double[n];
    for (int i = 0; i + 1 < n; i++) {
      double b = x[i + 1] - x[i] * x[i];
      g[i] += -2 * (1 - x[i]) - 400 * x[i] * b;
      g[i + 1] += 200 * b;
    }
    return g;
  }

  @Test
  void unitDirectionsGiveTheGradientInOneSweep() {
    double[] x = {0.3, -1.2, 0.8, 1.7, -0.4};
    int n = x.length;
    double[][] xDots = new double[n][n];
    for (int i = 0; i < n; i++) {
      xDots[i][i] = 1.0; // direction i is the i-th unit vector
    }
    double[] resultDots = new double[n];
    double value = Classic_Frule.rosenbrockDirections(x, xDots, n, resultDots);
    assertEquals(Classic.rosenbrock(x.clone()), value, 0.0);
    double[] expected = rosenbrockGradient(x);
    for (int i = 0; i < n; i++) {
      assertEquals(expected[i], resultDots[i], 1e-12 * Math.abs(expected[i]), "direction " + i);
    }
  }

  @Test
  void scalarParametersTakeOneTangentPerDirection() {
    // himmelblau(x, y) = (x^2 + y - 11)^2 + (x + y^2 - 7)^2
    double x = 1.3;
    double y = -0.7;
    double[] resultDots = new double[3];
    Classic_Frule.himmelblauDirections(x, new double[] {1, 0, 2}, y, new double[] {0, 1, -1}, 3,
        resultDots);
    double a = x * x + y - 11;
    double b = x + y * y - 7;
    double dx = 4 * x * a + 2 * b;
    double dy = 2 * a + 4 * y * b;
    assertEquals(dx, resultDots[0], 1e-12 * Math.abs(dx));
    assertEquals(dy, resultDots[1], 1e-12 * Math.abs(dy));
    assertEquals(2 * dx - dy, resultDots[2], 1e-12 * Math.abs(2 * dx - dy));
  }

  @Test
  void anArrayResultFillsTheCallersRows() {
    double[] w = {0.4, -0.2};
    double[][] data = {{1.0, 2.0}, {-0.5, 0.3}, {0.0, 1.5}};
    double[][] wDots = {{1, 0}, {0, 1}};
    double[][] resultDots = new double[3][2];
    double[] value = ConstantParameters_Frule.predictionsDirections(w, wDots, data, 2,
        resultDots);
    for (int i = 0; i < 3; i++) {
      double u = w[0] * data[i][0] + w[1] * data[i][1];
      assertEquals(Math.tanh(u), value[i], 0.0);
      double sech2 = 1 - Math.tanh(u) * Math.tanh(u);
      for (int k = 0; k < 2; k++) {
        assertEquals(sech2 * data[i][k], resultDots[i][k], 1e-14, "row " + i + ", w" + k);
      }
    }
  }

  @Test
  void aBufferWithoutTheResultsLengthIsRejected() {
    double[] w = {0.4, -0.2};
    double[][] data = {{1.0, 2.0}, {-0.5, 0.3}, {0.0, 1.5}};
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ConstantParameters_Frule.predictionsDirections(w, new double[2][1], data, 1,
            new double[2][1]));
    assertEquals("the result has 3 elements, the buffer for its derivatives 2 rows",
        e.getMessage());
  }

  @Test
  void seedsMarkEachColumnOfAChunk() {
    double[][] dots = new double[4][3];
    int next = Directions.seed(dots, 5, 4); // columns 4..7, the chunk 5..7
    assertEquals(8, next);
    double[][] expected = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    for (int i = 0; i < 4; i++) {
      for (int d = 0; d < 3; d++) {
        assertEquals(expected[i][d], dots[i][d], 0.0, "[" + i + "][" + d + "]");
      }
    }
  }
}
