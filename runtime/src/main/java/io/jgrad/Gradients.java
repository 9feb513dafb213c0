package io.jgrad;

/** Intrinsics that code jgrad differentiates may call. */
public final class Gradients {
  private Gradients() {}

  /**
   * Returns {@code x}; to jgrad's rules, a constant with {@code x}'s value: its derivative is cut
   * here ({@code stopGradient(w) * x} is differentiated as if {@code w} were data).
   */
  public static double stopGradient(double x) {
    return x;
  }

  /** Returns {@code x}; to jgrad's rules, a constant with {@code x}'s value. */
  public static float stopGradient(float x) {
    return x;
  }
}
