package io.jgrad.check;

import java.util.function.DoubleUnaryOperator;

/**
 * Central finite differences {@code (f(x + h d) - f(x - h d)) / (2h)} over several step sizes,
 * keeping the one closest to the derivative being checked: truncation error shrinks with
 * {@code h} and rounding error grows, and the best compromise depends on the function.
 */
final class FiniteDifferences {
  /** Relative steps for double inputs. */
  static final double[] STEPS = {1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7};

  /**
   * Relative steps when floats are involved: float rounding (about 6e-8 relative) divided by a
   * small step would swamp the difference, so only the large steps are used.
   */
  static final double[] FLOAT_STEPS = {1e-2, 1e-3, 1e-4};

  /** The difference quotient closest to the target, with its step and distance. */
  record Estimate(double value, double step, double distance) {}

  private FiniteDifferences() {}

  /**
   * Returns the finite difference closest to {@code target}, or {@code null} if no step gave a
   * finite difference (for example when every perturbed point leaves the function's domain).
   *
   * @param function {@code t -> f(x + t d)}
   * @param steps relative steps, multiplied by {@code scale}
   * @param scale {@code max(1, max |x|)}
   */
  static Estimate closest(
      DoubleUnaryOperator function, double[] steps, double scale, double target) {
    Estimate best = null;
    for (double relative : steps) {
      double h = relative * scale;
      double difference = (function.applyAsDouble(h) - function.applyAsDouble(-h)) / (2 * h);
      if (!Double.isFinite(difference)) {
        continue;
      }
      double distance = Math.abs(difference - target);
      if (best == null || distance < best.distance()) {
        best = new Estimate(difference, h, distance);
      }
    }
    return best;
  }
}
