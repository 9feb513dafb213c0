package io.jgrad.check;

import java.util.function.DoubleFunction;

/**
 * Central finite differences {@code (f(x + h d) - f(x - h d)) / (2h)} of a vector of outputs over
 * several step sizes, keeping the one closest to the derivative being checked: truncation error
 * shrinks with {@code h} and rounding error grows, and the best compromise depends on the
 * function.
 */
final class FiniteDifferences {
  /** Relative steps for double inputs. */
  static final double[] STEPS = {1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7};

  /**
   * Relative steps when floats are involved: float rounding (about 6e-8 relative) divided by a
   * small step would swamp the difference, so only the large steps are used.
   */
  static final double[] FLOAT_STEPS = {1e-2, 1e-3, 1e-4};

  /**
   * The difference quotients closest to the target, with their step; {@code error} is the
   * largest {@code |fd[k] - target[k]| / max(1, |target[k]|)} (or relative to the rounding noise,
   * see {@link #estimate}), reached at output {@code worst}.
   */
  record Estimate(double[] value, double step, double error, int worst) {}

  private FiniteDifferences() {}

  /**
   * Returns the finite differences closest to {@code target}, or {@code null} if no step gave
   * finite differences for every output (for example when every perturbed point leaves the
   * function's domain).
   *
   * @param function {@code t -> outputs at x + t d}, each call a fresh array of the target's length
   * @param steps relative steps, multiplied by {@code scale}
   * @param scale {@code max(1, max |x|)}
   * @param tolerance the tolerance the error will be held to (see {@link #estimate})
   * @param floatResult true if output 0 is a {@code float} result (rounded to float's ulps)
   */
  static Estimate closest(DoubleFunction<double[]> function, double[] steps, double scale,
      double[] target, double tolerance, boolean floatResult) {
    Estimate best = null;
    for (double relative : steps) {
      double h = relative * scale;
      Estimate estimate =
          estimate(function.apply(h), function.apply(-h), h, target, tolerance, floatResult);
      if (estimate != null && (best == null || estimate.error() < best.error())) {
        best = estimate;
      }
    }
    return best;
  }

  /**
   * The central difference {@code (plus - minus) / 2h} compared with {@code target}, or null if
   * some output's difference is not finite. A mismatch within the rounding noise of the quotient
   * ({@link #noise}) is no evidence: the error is relative to {@code noise / tolerance} when that
   * is larger than {@code max(1, |target|)}, so such a mismatch is within {@code tolerance}.
   */
  static Estimate estimate(double[] plus, double[] minus, double h, double[] target,
      double tolerance, boolean floatResult) {
    double[] difference = new double[target.length];
    double error = 0;
    int worst = 0;
    for (int k = 0; k < target.length; k++) {
      difference[k] = (plus[k] - minus[k]) / (2 * h);
      if (!Double.isFinite(difference[k])) {
        return null;
      }
      double noise = k == 0 && floatResult ? floatNoise(plus[k], minus[k], h)
          : noise(plus[k], minus[k], h);
      double scale = Math.max(Math.max(1, Math.abs(target[k])), noise / tolerance);
      double e = Math.abs(difference[k] - target[k]) / scale;
      if (!(e <= error)) {
        error = e;
        worst = k;
      }
    }
    return new Estimate(difference, h, error, worst);
  }

  /**
   * How far rounding alone can move {@code (plus - minus) / 2h}: each output is rounded to within
   * half an ulp of its own magnitude (and the operations before it round at least as coarsely),
   * so the quotient is uncertain by about {@code (ulp(plus) + ulp(minus)) / 2h}; twice that. For
   * outputs of size one it is below 1e-8 at every step; an output of 1e9 (a large integer added
   * to a perturbed element) makes the small steps useless.
   */
  static double noise(double plus, double minus, double h) {
    return (Math.ulp(plus) + Math.ulp(minus)) / Math.abs(h);
  }

  /**
   * {@link #noise} of a {@code float} result, rounded to float's ulps: {@code g - 5.4e8} moves in
   * steps of 32, so a step h below that shows no change although the derivative is 1 (seed 802,
   * program 772).
   */
  static double floatNoise(double plus, double minus, double h) {
    return (Math.ulp((float) plus) + Math.ulp((float) minus)) / Math.abs(h);
  }

  /**
   * The largest {@code |a[k] - b[k]| / max(1, |b[k]|)}: how well two estimates agree, in the
   * metric of {@link Estimate#error()}.
   */
  static double disagreement(double[] a, double[] b) {
    double worst = 0;
    for (int k = 0; k < a.length; k++) {
      worst = Math.max(worst, Math.abs(a[k] - b[k]) / Math.max(1, Math.abs(b[k])));
    }
    return worst;
  }
}
