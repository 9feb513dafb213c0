package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Programs the random-program tester found wrong answers in, shrunk by hand and named after what
 * went wrong; each comment names the seed and program it came from.
 */
public final class FuzzFindingsD {
  private FuzzFindingsD() {}

  /** Writes {@code x[0]}; its derivative depends on {@code n}. */
  private static void grow(int n, double[] x) {
    x[0] = (n + 2) * x[0];
  }

  /**
   * Seed 201, program 541: an int argument computed from an element ({@code (int)
   * Math.round(x[0])}) was evaluated again for the helper's reverse part, after the helper had
   * changed the element, so the reverse sweep used another {@code n} than the primal.
   */
  @Grad
  public static void roundedElementArgument(double[] x) {
    grow((int) Math.round(x[0]), x);
  }

  /**
   * Seed 704, program 224: an element assignment used as a value has the element's type, so
   * {@code n + (x[i] = --g)} with a float g adds in double; the rules added in float.
   */
  @Grad
  public static double elementAssignmentValueWidens(float g, int n, double[] x) {
    double s = n + (x[x.length - 1] = --g);
    x[0] += n + (x[1] = g * 3);
    return s * x[0];
  }
}
