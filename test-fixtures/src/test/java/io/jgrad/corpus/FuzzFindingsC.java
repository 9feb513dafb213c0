package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * More programs the random-program tester found wrong answers in (seeds 102 and 103), shrunk and
 * named after what went wrong; each comment names the seed and program it came from.
 */
public final class FuzzFindingsC {
  private FuzzFindingsC() {}

  /**
   * Seed 102, program 1500: a {@code float} operation as a branch of a {@code double} conditional
   * was widened as a whole and lost its derivative.
   */
  @Grad
  public static double floatBranchOfDoubleConditional(float g, int n) {
    return n > 2 ? 1.0 : (g / g) - (g - 0.5f);
  }

  /**
   * Seed 102, programs 941 and 1675: a local squared until it overflows after its last use; the
   * reverse sweep multiplied its zero adjoint by the infinite partial and put NaN into the
   * adjoint of the element it started from.
   */
  @Grad
  public static double overflowAfterLastUse(double[] x) {
    double d = x[x.length - 1];
    x[0] = x[0] * d;
    for (int i = 0; i < 12; i++) {
      d *= d * 1e10;
    }
    return x[0];
  }

  /**
   * Seed 102, program 1276: a local that only feeds itself and an index overflows; its reverse
   * sweep put NaN into the adjoints of every element it was multiplied by.
   */
  @Grad
  public static void overflowingIndexSource(double[] x) {
    double d = 3.0;
    for (int i = 0; i < x.length; i++) {
      x[i] /= -1.0;
      d *= (x[i] * x[Math.floorMod((int) (d * 2.0), x.length)]) * (d * d);
    }
  }
}
