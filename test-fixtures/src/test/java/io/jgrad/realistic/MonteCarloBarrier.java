package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Up-and-out barrier call by Monte Carlo with the Brownian-bridge correction: instead of killing a
 * path when a monitoring date is above the barrier, each step multiplies the path's weight by the
 * probability that the bridge between the two dates stayed below the barrier. With that, the
 * estimator is smooth in the parameters except for the final {@code max(S_T - K, 0)} and the
 * {@code S > B} test on the dates.
 *
 * <p>The random numbers come from a small in-house 64-bit LCG plus Box-Muller, seeded by a
 * {@code long}; the same seed gives the same paths, so the estimate is a deterministic function of
 * the parameters (common random numbers).
 *
 * <p>Smoothness: piecewise smooth in spot, strike, barrier, rate, vol, expiry; kinks where a path's
 * terminal price equals the strike or a date's price equals the barrier. Arguments: spot in
 * [90, 110], strike in [90, 110], barrier in [130, 160] (above spot), rate in [0, 0.05], vol in
 * [0.15, 0.35], expiry in [0.25, 1.5], paths in [50, 2000], steps in [4, 50], any {@code seed}.
 * Entry point: {@link #upAndOutCall}. {@link #survivalProbability} (no randomness) is smooth for
 * spot strictly below barrier: spot in [80, 120], barrier in [130, 160], vol in [0.1, 0.4],
 * expiry in [0.1, 2].
 */
public final class MonteCarloBarrier {

    private MonteCarloBarrier() {}

    private static final long MULTIPLIER = 6364136223846793005L;
    private static final long INCREMENT = 1442695040888963407L;
    private static final double TWO_PI = 2.0 * Math.PI;
    private static final double INV_2_53 = 1.0 / (1L << 53);

    static long nextState(long state) {
        return state * MULTIPLIER + INCREMENT;
    }

    /** A uniform in (0, 1] from the top 53 bits of the state. */
    static double uniform(long state) {
        return ((state >>> 11) + 1L) * INV_2_53;
    }

    /** Fills {@code out} with standard normals by Box-Muller; returns the generator's new state. */
    static long fillNormals(long state, double[] out) {
        for (int i = 0; i < out.length; i += 2) {
            state = nextState(state);
            double u1 = uniform(state);
            state = nextState(state);
            double u2 = uniform(state);
            double r = Math.sqrt(-2.0 * Math.log(u1));
            out[i] = r * Math.cos(TWO_PI * u2);
            if (i + 1 < out.length) {
                out[i + 1] = r * Math.sin(TWO_PI * u2);
            }
        }
        return state;
    }

    /** Probability that a Brownian bridge in log space from s0 to s1 stays below the barrier. */
    static double bridgeSurvival(double s0, double s1, double barrier, double variance) {
        if (s0 >= barrier || s1 >= barrier) {
            return 0.0;
        }
        return 1.0 - Math.exp(-2.0 * Math.log(barrier / s0) * Math.log(barrier / s1) / variance);
    }

    @Grad
    public static double upAndOutCall(double spot, double strike, double barrier, double rate, double vol,
                                      double expiry, int paths, int steps, long seed) {
        if (barrier <= spot) {
            throw new IllegalArgumentException("barrier " + barrier + " must be above spot " + spot);
        }
        double dt = expiry / steps;
        double drift = (rate - 0.5 * vol * vol) * dt;
        double diffusion = vol * Math.sqrt(dt);
        double variance = vol * vol * dt;
        double[] z = new double[steps];
        long state = seed;
        double sum = 0.0;
        for (int p = 0; p < paths; p++) {
            state = fillNormals(state, z);
            double s = spot;
            double weight = 1.0;
            for (int k = 0; k < steps && weight > 0.0; k++) {
                double next = s * Math.exp(drift + diffusion * z[k]);
                weight *= bridgeSurvival(s, next, barrier, variance);
                s = next;
            }
            sum += weight * Math.max(s - strike, 0.0);
        }
        return Math.exp(-rate * expiry) * sum / paths;
    }

    /**
     * Closed-form probability that driftless-in-log GBM (mu = 0) started at spot does not touch the
     * barrier before expiry (reflection principle).
     */
    @Grad
    public static double survivalProbability(double spot, double barrier, double vol, double expiry) {
        double h = Math.log(barrier / spot) / (vol * Math.sqrt(expiry));
        return 2.0 * BlackScholes.normCdf(h) - 1.0;
    }
}
