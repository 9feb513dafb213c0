package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Monte Carlo price of an arithmetic-average Asian option under geometric Brownian motion, with
 * pathwise sensitivities in mind. The standard normals are drawn up front (by whatever generator
 * the caller likes) and passed in, stored as {@code float}s to halve the memory of large runs:
 * path {@code p}, step {@code s} reads {@code normals[p * steps + s]}.
 *
 * <p>Smoothness: the payoff {@code max(avg - K, 0)} (or {@code max(K - avg, 0)}) has a kink where a
 * path's average equals the strike; for a fixed set of normals the estimate is piecewise smooth in
 * spot, vol, rate, expiry and strike, with kinks where one path's average crosses the strike. With
 * 200+ paths the crossings are rare; use central differences with a relative step of 1e-7 or a
 * check that tolerates occasional kinks. The "smooth-call" payoff (softplus with width
 * {@code 0.01 * strike}) is smooth everywhere.
 *
 * <p>Entry point {@link #price}: {@code payoff} one of "call", "put", "smooth-call" (any case);
 * spot in [80, 120], strike in [80, 120], rate in [0, 0.05], vol in [0.1, 0.4], expiry in [0.25, 2];
 * {@code paths} in [1, 500], {@code steps} in [1, 52]; {@code normals} of length
 * {@code paths * steps}, filled with N(0, 1) draws (cast to float); {@code antithetic} either way.
 * Entry point {@link #priceAndDelta}: same, returns {price, pathwise delta}.
 */
public final class MonteCarloAsian {

    private MonteCarloAsian() {}

    private static double payoff(String kind, double average, double strike) {
        switch (kind.toLowerCase()) {
            case "call":
                return Math.max(average - strike, 0.0);
            case "put":
                return Math.max(strike - average, 0.0);
            case "smooth-call": {
                double width = 0.01 * strike;
                double z = (average - strike) / width;
                // softplus, written to not overflow
                return width * (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z)));
            }
            default:
                throw new IllegalArgumentException("unknown payoff '" + kind + "'");
        }
    }

    /** Average of the path started at {@code spot}, driven by {@code sign * normals[...]}. */
    private static double pathAverage(double spot, double drift, double diffusion, float[] normals, int path,
                                      int steps, double sign) {
        double logS = Math.log(spot);
        double sum = 0.0;
        int offset = path * steps;
        for (int s = 0; s < steps; s++) {
            logS += drift + diffusion * sign * normals[offset + s];
            sum += Math.exp(logS);
        }
        return sum / steps;
    }

    @Grad
    public static double price(String payoff, double spot, double strike, double rate, double vol, double expiry,
                               float[] normals, int paths, int steps, boolean antithetic) {
        if (normals.length < (long) paths * steps) {
            throw new IllegalArgumentException("need " + paths + " x " + steps + " normals, got " + normals.length);
        }
        double dt = expiry / steps;
        double drift = (rate - 0.5 * vol * vol) * dt;
        double diffusion = vol * Math.sqrt(dt);
        double total = 0.0;
        for (int p = 0; p < paths; p++) {
            double value = payoff(payoff, pathAverage(spot, drift, diffusion, normals, p, steps, 1.0), strike);
            if (antithetic) {
                double mirrored = payoff(payoff, pathAverage(spot, drift, diffusion, normals, p, steps, -1.0), strike);
                value = 0.5 * (value + mirrored);
            }
            total += value;
        }
        return Math.exp(-rate * expiry) * total / paths;
    }

    /**
     * Price and the pathwise (likelihood-free) delta of the plain call: for a GBM path the average
     * is proportional to spot, so d(payoff)/d(spot) = 1{avg > K} * avg / spot.
     */
    @Grad
    public static double[] priceAndDelta(double spot, double strike, double rate, double vol, double expiry,
                                         float[] normals, int paths, int steps) {
        double dt = expiry / steps;
        double drift = (rate - 0.5 * vol * vol) * dt;
        double diffusion = vol * Math.sqrt(dt);
        double discount = Math.exp(-rate * expiry);
        double sumPayoff = 0.0;
        double sumDelta = 0.0;
        for (int p = 0; p < paths; p++) {
            double avg = pathAverage(spot, drift, diffusion, normals, p, steps, 1.0);
            if (avg > strike) {
                sumPayoff += avg - strike;
                sumDelta += avg / spot;
            }
        }
        return new double[] {discount * sumPayoff / paths, discount * sumDelta / paths};
    }
}
