package io.jgrad.corpus.rows;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.jgrad.Dual;
import org.junit.jupiter.api.Test;

/** Row moves and rows passed as vectors (issue 8, items 5 and 6), against hand derivations. */
class RowSharingTest {
  private static double[][] matrix() {
    return new double[][] {{0.25, -0.5, 0.75}, {-1.5, 0.125, 2.0}, {0.5, 1.25, -0.75}};
  }

  private static double[][] copy(double[][] m) {
    double[][] c = new double[m.length][];
    for (int i = 0; i < m.length; i++) {
      c[i] = m[i].clone();
    }
    return c;
  }

  /** After a call, rows 0 and 1 are one object holding entry row 1, row 2 is untouched. */
  private static void assertMoved(double[][] entry, double[][] after) {
    assertSame(after[0], after[1], "row 0 and row 1 are the same object, as after the primal");
    assertArrayEquals(entry[1], after[0], 0.0);
    assertArrayEquals(entry[2], after[2], 0.0);
  }

  @Test
  void moveRowLeavesTheMovedRowsInAllRules() {
    double a = 0.75;
    double[][] entry = matrix();
    double[][] primal = copy(entry);
    double value = RowSharing.moveRow(a, primal);
    assertMoved(entry, primal);

    double[][] m = copy(entry);
    RowSharing_Rrule.MoveRowGradient g = RowSharing_Rrule.moveRow(a, m);
    assertEquals(value, g.value(), 0.0);
    assertMoved(entry, m);
    // d(a * m1[0]) = m1[0] da + a dm1[0]; entry row 0 does not matter
    assertEquals(entry[1][0], g.aBar(), 0.0);
    assertArrayEquals(new double[3], g.mBar()[0], 0.0);
    assertArrayEquals(new double[] {a, 0, 0}, g.mBar()[1], 0.0);
    assertArrayEquals(new double[3], g.mBar()[2], 0.0);

    m = copy(entry);
    double[][] mDot = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    double[] dotRow1 = mDot[1].clone();
    double[] dotRow2 = mDot[2].clone();
    Dual d = RowSharing_Frule.moveRow(a, 0.5, m, mDot);
    assertEquals(value, d.value(), 0.0);
    assertMoved(entry, m);
    assertEquals(0.5 * entry[1][0] + a * 4, d.tangent(), 1e-15);
    assertSame(mDot[0], mDot[1]);
    assertArrayEquals(dotRow1, mDot[0], 0.0);
    assertArrayEquals(dotRow2, mDot[2], 0.0);
  }

  @Test
  void moveRowAdjointTakesPositionalCotangentsOfTheSharedRow() {
    double a = -1.25;
    double[][] entry = matrix();
    double[][] m = copy(entry);
    // cotangents of the final contents, by position: final rows 0 and 1 are entry row 1
    double[][] mBar = {{1, 2, 3}, {10, 20, 30}, {100, 200, 300}};
    double[][] mBarRows = mBar.clone();
    double[] scalarBars = {0.5};
    double seed = 2.0;
    double value = RowSharing_Rrule.moveRowAdjoint(a, m, mBar, seed, scalarBars);
    assertEquals(RowSharing.moveRow(a, copy(entry)), value, 0.0);
    assertMoved(entry, m);
    for (int i = 0; i < 3; i++) {
      assertSame(mBarRows[i], mBar[i], "the caller's adjoint rows stay where they were");
    }
    assertArrayEquals(new double[3], mBar[0], 0.0);
    assertArrayEquals(new double[] {1 + 10 + seed * a, 2 + 20, 3 + 30}, mBar[1], 0.0);
    assertArrayEquals(new double[] {100, 200, 300}, mBar[2], 0.0);
    assertEquals(0.5 + seed * entry[1][0], scalarBars[0], 0.0);
  }

  /** f(m, y) with y = m[2]: the derivative for the shared row is mBar[2] + yBar. */
  @Test
  void readOnlyMethodAcceptsARowOfItsMatrixArgument() {
    double[][] entry = matrix();
    double[][] m = copy(entry);
    double value = RowSharing.readsThroughOuterCopy(copy(entry), copy(entry)[2]);
    RowSharing_Rrule.ReadsThroughOuterCopyGradient g =
        RowSharing_Rrule.readsThroughOuterCopy(m, m[2]);
    assertEquals(value, g.value(), 0.0);
    for (int i = 0; i < 3; i++) {
      assertArrayEquals(entry[i], m[i], 0.0);
    }
    // s = sum_i m[i][0] * m[2][i]: d/dm[i][0] = m[2][i]; d/dm[2][j] = m[j][0] (+ the i = 2 term)
    double[][] expected = new double[3][3];
    for (int i = 0; i < 3; i++) {
      expected[i][0] += entry[2][i];
      expected[2][i] += entry[i][0];
    }
    for (int i = 0; i < 3; i++) {
      double[] total = g.mBar()[i].clone();
      if (i == 2) {
        for (int j = 0; j < 3; j++) {
          total[j] += g.yBar()[j];
        }
      }
      assertArrayEquals(expected[i], total, 1e-15);
    }

    m = copy(entry);
    double[][] mDot = {{1, 0, 0}, {0, 0, 0}, {0, 2, 0}};
    Dual d = RowSharing_Frule.readsThroughOuterCopy(m, mDot, m[2], mDot[2]);
    assertEquals(value, d.value(), 0.0);
    double tangent = 0;
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        tangent += expected[i][j] * mDot[i][j];
      }
    }
    assertEquals(tangent, d.tangent(), 1e-15);
  }
}
