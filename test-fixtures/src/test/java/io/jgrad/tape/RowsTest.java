package io.jgrad.tape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * {@link Rows#at}: the row itself where {@code a[i]} is one; where {@code a[i]} would throw,
 * a row whose element accesses throw the same class of exception, and nothing thrown itself.
 */
class RowsTest {
  @Test
  void aRowInRangeIsTheRowItself() {
    double[][] a = {{1, 2}, {3}};
    assertSame(a[1], Rows.at(a, 1));
    float[][] f = {{1f}, null};
    assertSame(f[0], Rows.at(f, 0));
    assertNull(Rows.at(f, 1));
    double[][][] t = {{{1}, {2, 3}}};
    assertSame(t[0][1], Rows.at(t, 0, 1));
  }

  @Test
  void outOfRangeGivesARowWhoseElementsThrowOutOfBounds() {
    double[][] a = {{1, 2}};
    for (int i : new int[] {-1, 1, 7}) {
      double[] row = Rows.at(a, i);
      assertEquals(0, row.length);
      assertThrows(ArrayIndexOutOfBoundsException.class, () -> row[0] += 1.0);
      assertThrows(ArrayIndexOutOfBoundsException.class, () -> a[i][0] += 1.0);
    }
    double[][][] t = {{{1}}};
    assertEquals(0, Rows.at(t, 1, 0).length);
    assertEquals(0, Rows.at(t, 0, 1).length);
    assertEquals(0, Rows.at(new float[1][1][1], 0, -1).length);
    assertEquals(0, Rows.at(new float[0][], 0).length);
  }

  @Test
  void nullGivesNullWhoseElementsThrowNullPointer() {
    double[] row = Rows.at((double[][]) null, 0);
    assertNull(row);
    assertNull(Rows.at((double[][][]) null, 0, 0));
    assertNull(Rows.at(new double[][][] {null}, 0, 0));
    assertNull(Rows.at((float[][]) null, 3));
  }
}
