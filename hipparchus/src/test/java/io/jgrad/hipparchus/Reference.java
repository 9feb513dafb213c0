package io.jgrad.hipparchus;

/**
 * Reference values of the polygamma functions for the tests, computed from their defining
 * series, which share nothing with {@link Polygamma} (no recurrence, no asymptotic expansion):
 * a million terms, added from the smallest with compensated summation, plus the
 * Euler-Maclaurin estimate of the rest (integral, half the first omitted term, its derivative
 * over 12), whose error is below 1e-24. The series converge for negative non-integers too.
 */
final class Reference {
  /** Euler's constant (OEIS A001620). */
  static final double EULER_GAMMA = 0.57721566490153286061;
  /** Apery's constant zeta(3) (OEIS A002117). */
  static final double ZETA_3 = 1.2020569031595942854;

  private static final int TERMS = 1_000_000;

  private Reference() {}

  /** psi(x) = -gamma + sum_{k >= 0} (1/(k + 1) - 1/(k + x)). */
  static double digamma(double x) {
    double n = TERMS;
    double f = 1 / (n + 1) - 1 / (n + x);
    double derivative = -1 / ((n + 1) * (n + 1)) + 1 / ((n + x) * (n + x));
    Sum sum = new Sum(Math.log1p((x - 1) / (n + 1)) + f / 2 - derivative / 12);
    for (int k = TERMS - 1; k >= 0; k--) {
      sum.add((x - 1) / ((k + 1) * (k + x))); // 1/(k+1) - 1/(k+x), without cancellation
    }
    return sum.value() - EULER_GAMMA;
  }

  /** psi^(m)(x) = (-1)^(m+1) m! sum_{k >= 0} 1/(x + k)^(m+1), for m >= 1. */
  static double polygamma(int m, double x) {
    double y = TERMS + x;
    // sum_{k >= n} (x + k)^-(m+1) ~ y^-m / m + y^-(m+1) / 2 + (m + 1) y^-(m+2) / 12
    Sum sum = new Sum(Math.pow(y, -m) / m + Math.pow(y, -(m + 1)) / 2
        + (m + 1) * Math.pow(y, -(m + 2)) / 12);
    for (int k = TERMS - 1; k >= 0; k--) {
      double z = x + k;
      double p = z;
      for (int j = 0; j < m; j++) {
        p *= z;
      }
      sum.add(1 / p);
    }
    double factorial = 1;
    for (int j = 2; j <= m; j++) {
      factorial *= j;
    }
    return (m % 2 == 1 ? 1 : -1) * factorial * sum.value();
  }

  /** Kahan-Babuska (Neumaier) summation. */
  private static final class Sum {
    private double sum;
    private double compensation;

    Sum(double first) {
      sum = first;
    }

    void add(double term) {
      double t = sum + term;
      compensation += Math.abs(sum) >= Math.abs(term) ? (sum - t) + term : (term - t) + sum;
      sum = t;
    }

    double value() {
      return sum + compensation;
    }
  }
}
