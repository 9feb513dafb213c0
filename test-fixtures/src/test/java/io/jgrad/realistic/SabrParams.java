package io.jgrad.realistic;

/** SABR model parameters: initial vol alpha, CEV exponent beta, correlation rho, vol-of-vol nu. */
public record SabrParams(double alpha, double beta, double rho, double nu) {

    public SabrParams {
        if (alpha <= 0) {
            throw new IllegalArgumentException("alpha must be positive: " + alpha);
        }
        if (beta < 0 || beta > 1) {
            throw new IllegalArgumentException("beta must be in [0, 1]: " + beta);
        }
        if (rho <= -1 || rho >= 1) {
            throw new IllegalArgumentException("rho must be in (-1, 1): " + rho);
        }
        if (nu < 0) {
            throw new IllegalArgumentException("nu must be non-negative: " + nu);
        }
    }

    /**
     * Maps unconstrained optimiser coordinates to valid parameters: alpha = exp(x0), rho = tanh(x1),
     * nu = exp(x2); beta is usually fixed by the desk and passed separately.
     */
    public static SabrParams fromUnconstrained(double[] x, double beta) {
        if (x.length != 3) {
            throw new IllegalArgumentException("expected 3 unconstrained coordinates, got " + x.length);
        }
        return new SabrParams(Math.exp(x[0]), beta, Math.tanh(x[1]), Math.exp(x[2]));
    }

    public SabrParams withAlpha(double newAlpha) {
        return new SabrParams(newAlpha, beta, rho, nu);
    }
}
