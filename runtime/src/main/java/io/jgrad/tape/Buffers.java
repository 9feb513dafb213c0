package io.jgrad.tape;

/**
 * Checks of the gradient buffers a generated {@code fGradientInto} writes element by element
 * without zeroing them first: a buffer shorter or longer than its array would otherwise leave
 * stale numbers in the gradient.
 */
public final class Buffers {
  private Buffers() {}

  /**
   * Throws if {@code buffer} and {@code array}, whose gradient it receives, differ in length (a
   * null one is left to the rule, which throws where it uses it, as {@code fAdjoint} does).
   */
  public static void requireLength(double[] buffer, double[] array, String name,
      String arrayName) {
    if (buffer != null && array != null) {
      requireLength(buffer, array.length, name, arrayName);
    }
  }

  /** As for a {@code double[]}: a {@code float[]}'s gradient is a {@code double[]}. */
  public static void requireLength(double[] buffer, float[] array, String name,
      String arrayName) {
    if (buffer != null && array != null) {
      requireLength(buffer, array.length, name, arrayName);
    }
  }

  private static void requireLength(double[] buffer, int length, String name, String arrayName) {
    if (buffer.length != length) {
      throw new IllegalArgumentException("jgrad: " + name + " has " + buffer.length
          + " elements, but " + arrayName + " has " + length
          + ": the gradient buffer of an array has its length");
    }
  }
}
