package io.jgrad.corpus;

import io.jgrad.Grad;

/** Methods that always throw: the rules must compile and throw the same (see ThrowsTest). */
public final class AlwaysThrows {
  private AlwaysThrows() {}

  /** A loop only an exception leaves: what the rules append after it cannot be reached. */
  @Grad
  public static double whileTrueLeftByThrow(double x) {
    double y = x;
    int n = 0;
    while (true) {
      y = y * 2.0;
      if (++n > 3) {
        throw new IllegalStateException("y = " + y);
      }
    }
  }

  /** A constant condition: as unreachable after it as while (true). */
  @Grad
  public static double constantConditionLoop(double x) {
    double y = x;
    int n = 0;
    do {
      y = Math.cos(y);
      if (++n > 3) {
        throw new IllegalStateException("y = " + y);
      }
    } while (1 < 2);
  }

  @Grad
  public static double onlyThrows(double x) {
    throw new UnsupportedOperationException("not yet");
  }
}
