package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Poisson GLM with log link and an exposure offset, for claim counts: the full negative
 * log-likelihood including the {@code log(y!)} constant (via a Lanczos log-gamma), a deviance, and a
 * negative-binomial variant with a dispersion parameter.
 *
 * <p>Smooth in beta, the exposures (positive) and log-dispersion everywhere. Arguments: P in [1, 5]
 * coefficients in [-0.5, 0.5]; x N x P in [-1, 1] with N in [1, 40]; counts {@code long}s in [0, 20];
 * exposure in [0.5, 2]; logDispersion in [-2, 2].
 *
 * <p>Entry points: {@link #negLogLikelihood}(beta, x, counts, exposure), {@link #deviance}(beta, x,
 * counts, exposure), {@link #negBinomialNll}(beta, logDispersion, x, counts, exposure).
 */
public final class PoissonRegression {

    private PoissonRegression() {}

    private static final double[] LANCZOS = {
        0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
        -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
        1.5056327351493116e-7
    };
    private static final double LANCZOS_G = 7.0;
    static final double HALF_LOG_2PI = 0.5 * Math.log(2.0 * Math.PI);

    /** log Gamma(x) for x > 0 (Lanczos, g = 7, n = 9). */
    static double logGamma(double x) {
        if (x < 0.5) {
            // reflection formula
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1.0 - x);
        }
        x -= 1.0;
        double a = LANCZOS[0];
        double t = x + LANCZOS_G + 0.5;
        for (int i = 1; i < LANCZOS.length; i++) {
            a += LANCZOS[i] / (x + i);
        }
        return HALF_LOG_2PI + (x + 0.5) * Math.log(t) - t + Math.log(a);
    }

    static double logFactorial(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative count " + n);
        }
        if (n < 2) {
            return 0.0;
        }
        return logGamma(n + 1.0);
    }

    static double linearPredictor(double[] beta, double[] row) {
        double eta = 0.0;
        for (int j = 0; j < beta.length; j++) {
            eta += beta[j] * row[j];
        }
        return eta;
    }

    @Grad
    public static double negLogLikelihood(double[] beta, double[][] x, long[] counts, double[] exposure) {
        double nll = 0.0;
        for (int i = 0; i < counts.length; i++) {
            double logMu = linearPredictor(beta, x[i]) + Math.log(exposure[i]);
            nll += Math.exp(logMu) - counts[i] * logMu + logFactorial(counts[i]);
        }
        return nll;
    }

    @Grad
    public static double deviance(double[] beta, double[][] x, long[] counts, double[] exposure) {
        double dev = 0.0;
        for (int i = 0; i < counts.length; i++) {
            double mu = exposure[i] * Math.exp(linearPredictor(beta, x[i]));
            long y = counts[i];
            double term = y == 0 ? mu : y * Math.log(y / mu) - (y - mu);
            dev += 2.0 * term;
        }
        return dev;
    }

    @Grad
    public static double negBinomialNll(double[] beta, double logDispersion, double[][] x, long[] counts,
                                        double[] exposure) {
        double r = Math.exp(-logDispersion); // size parameter
        double nll = 0.0;
        for (int i = 0; i < counts.length; i++) {
            double mu = exposure[i] * Math.exp(linearPredictor(beta, x[i]));
            long y = counts[i];
            double ll = logGamma(y + r) - logGamma(r) - logFactorial(y)
                    + r * Math.log(r / (r + mu)) + y * Math.log(mu / (r + mu));
            nll -= ll;
        }
        return nll;
    }
}
