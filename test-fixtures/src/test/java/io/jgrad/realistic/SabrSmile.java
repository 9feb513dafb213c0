package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Hagan et al. (2002) lognormal implied-volatility approximation for the SABR model, a smile
 * evaluator and a weighted least-squares calibration objective.
 *
 * <p>Smoothness: smooth for forward > 0, strike > 0, expiry > 0, alpha > 0, beta in [0, 1],
 * rho in (-1, 1), nu > 0, except near the at-the-money switch: for |z| below {@code Z_SMALL} the
 * ratio z/x(z) is replaced by its Taylor series, so keep strikes at least ~0.5% away from the forward
 * ({@code |log(F/K)| > 0.005}) or exactly at it. Good ranges: forward in [0.02, 0.05] (rates) or
 * [80, 120] (equity-like; then alpha scales like forward^(1-beta) * 0.2), strikes in
 * [0.6, 1.6] x forward, expiry in [0.25, 10], alpha in [0.01, 0.1] for rate-like forwards with
 * beta 0.5, beta in [0, 1], rho in [-0.7, 0.7], nu in [0.1, 1].
 *
 * <p>Entry points:
 * <ul>
 *   <li>{@link #impliedVol}(forward, strike, expiry, alpha, beta, rho, nu).
 *   <li>{@link #smile}(forward, strikes[], expiry, SabrParams): returns one vol per strike; build
 *       the record with {@code new SabrParams(alpha, beta, rho, nu)} (values in the ranges above);
 *       1 to 15 strikes.
 *   <li>{@link #calibrationError}(x[3], beta, forward, expiry, strikes[], marketVols[], weights[]):
 *       {@code x} unconstrained in [-4, 0] x [-1, 1] x [-1.5, 0.5]; marketVols in [0.1, 0.5];
 *       weights in [0.5, 2]; all three arrays the same length.
 * </ul>
 */
public final class SabrSmile {

    private SabrSmile() {}

    static final double Z_SMALL = 1e-6;
    private static final double ONE_OVER_24 = 1.0 / 24.0;
    private static final double ONE_OVER_1920 = 1.0 / 1920.0;

    /** z / x(z), with x(z) = log((sqrt(1 - 2 rho z + z^2) + z - rho) / (1 - rho)). */
    static double zOverX(double z, double rho) {
        if (Math.abs(z) < Z_SMALL) {
            return 1.0 - 0.5 * rho * z + (2.0 - 3.0 * rho * rho) * z * z / 12.0;
        }
        double x = Math.log((Math.sqrt(1.0 - 2.0 * rho * z + z * z) + z - rho) / (1.0 - rho));
        return z / x;
    }

    @Grad
    public static double impliedVol(double forward, double strike, double expiry, double alpha, double beta,
                                    double rho, double nu) {
        double oneMinusBeta = 1.0 - beta;
        double logFK = Math.log(forward / strike);
        double fkBeta = Math.pow(forward * strike, 0.5 * oneMinusBeta);
        double log2 = logFK * logFK;
        double denominator = fkBeta * (1.0 + oneMinusBeta * oneMinusBeta * ONE_OVER_24 * log2
                + Math.pow(oneMinusBeta, 4) * ONE_OVER_1920 * log2 * log2);
        double z = nu / alpha * fkBeta * logFK;
        double correction = 1.0 + (oneMinusBeta * oneMinusBeta * ONE_OVER_24 * alpha * alpha / (fkBeta * fkBeta)
                + 0.25 * rho * beta * nu * alpha / fkBeta
                + (2.0 - 3.0 * rho * rho) * ONE_OVER_24 * nu * nu) * expiry;
        return alpha / denominator * zOverX(z, rho) * correction;
    }

    @Grad
    public static double[] smile(double forward, double[] strikes, double expiry, SabrParams params) {
        double[] vols = new double[strikes.length];
        for (int i = 0; i < strikes.length; i++) {
            vols[i] = impliedVol(forward, strikes[i], expiry, params.alpha(), params.beta(), params.rho(), params.nu());
        }
        return vols;
    }

    @Grad
    public static double calibrationError(double[] x, double beta, double forward, double expiry, double[] strikes,
                                          double[] marketVols, double[] weights) {
        if (strikes.length != marketVols.length || strikes.length != weights.length) {
            throw new IllegalArgumentException("strikes, marketVols and weights must have the same length");
        }
        SabrParams params = SabrParams.fromUnconstrained(x, beta);
        double[] model = smile(forward, strikes, expiry, params);
        double error = 0.0;
        for (int i = 0; i < model.length; i++) {
            double diff = model[i] - marketVols[i];
            error += weights[i] * diff * diff;
        }
        return 0.5 * error;
    }
}
