package io.jgrad.realistic;

/**
 * Heston stochastic-volatility parameters: initial variance v0, mean-reversion speed kappa, long-run
 * variance theta, volatility of variance sigma and spot/variance correlation rho.
 */
public record HestonParams(double v0, double kappa, double theta, double sigma, double rho) {

    public HestonParams {
        if (v0 <= 0 || kappa <= 0 || theta <= 0 || sigma <= 0) {
            throw new IllegalArgumentException("v0, kappa, theta and sigma must be positive: " + this);
        }
        if (Math.abs(rho) >= 1) {
            throw new IllegalArgumentException("correlation must be in (-1, 1): " + rho);
        }
    }

    /** From {v0, kappa, theta, sigma, rho}. */
    public static HestonParams fromArray(double[] p) {
        if (p.length != 5) {
            throw new IllegalArgumentException("Heston needs 5 parameters, got " + p.length);
        }
        return new HestonParams(p[0], p[1], p[2], p[3], p[4]);
    }

    /** True if the Feller condition 2 kappa theta > sigma^2 holds (variance stays positive). */
    public boolean feller() {
        return 2.0 * kappa * theta > sigma * sigma;
    }
}
