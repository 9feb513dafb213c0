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
}
