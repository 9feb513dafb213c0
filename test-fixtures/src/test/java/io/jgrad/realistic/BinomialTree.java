package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Cox-Ross-Rubinstein binomial tree for European and American options.
 *
 * <p>The price is piecewise smooth: it has kinks where a node's stock price equals the strike
 * ({@code spot * u^(steps-2i) == strike} at maturity, or on the early-exercise boundary for
 * American options). For random continuous arguments this happens with probability zero; with
 * {@code spot} in [80, 120], {@code strike} in [80, 120], {@code vol} in [0.15, 0.5], {@code rate} in
 * [0.01, 0.06], {@code expiry} in [0.25, 2] and {@code steps} in [10, 200], a finite-difference step of
 * 1e-6 relative almost never crosses one. {@code steps >= 1}, and the tree needs
 * {@code 0 < p < 1}, i.e. {@code exp(rate*dt)} between {@code d} and {@code u} (true for these ranges).
 *
 * <p>Entry points: {@link #price} (all enums allowed; the {@code int steps} is not differentiated)
 * and {@link #earlyExercisePremium} (same arguments minus the exercise style).
 */
public final class BinomialTree {

    public enum Exercise { EUROPEAN, AMERICAN }

    private BinomialTree() {}

    static double payoff(OptionType type, double stock, double strike) {
        return switch (type) {
            case CALL -> Math.max(stock - strike, 0.0);
            case PUT -> Math.max(strike - stock, 0.0);
        };
    }

    private static double nodePrice(double spot, double up, int ups, int downs) {
        return spot * Math.pow(up, ups - downs);
    }

    @Grad
    public static double price(OptionType type, Exercise exercise, double spot, double strike, double rate,
                               double vol, double expiry, int steps) {
        if (steps < 1) {
            throw new IllegalArgumentException("need at least one time step, got " + steps);
        }
        double dt = expiry / steps;
        double up = Math.exp(vol * Math.sqrt(dt));
        double down = 1.0 / up;
        double growth = Math.exp(rate * dt);
        double p = (growth - down) / (up - down);
        if (p <= 0.0 || p >= 1.0) {
            throw new IllegalArgumentException("risk-neutral probability " + p + " not in (0, 1): time step too large");
        }
        double discount = 1.0 / growth;

        double[] values = new double[steps + 1];
        for (int i = 0; i <= steps; i++) {
            values[i] = payoff(type, nodePrice(spot, up, steps - i, i), strike);
        }
        for (int n = steps - 1; n >= 0; n--) {
            for (int i = 0; i <= n; i++) {
                double continuation = discount * (p * values[i] + (1.0 - p) * values[i + 1]);
                if (exercise == Exercise.AMERICAN) {
                    double exerciseValue = payoff(type, nodePrice(spot, up, n - i, i), strike);
                    values[i] = Math.max(continuation, exerciseValue);
                } else {
                    values[i] = continuation;
                }
            }
        }
        return values[0];
    }

    @Grad
    public static double earlyExercisePremium(OptionType type, double spot, double strike, double rate,
                                              double vol, double expiry, int steps) {
        return price(type, Exercise.AMERICAN, spot, strike, rate, vol, expiry, steps)
                - price(type, Exercise.EUROPEAN, spot, strike, rate, vol, expiry, steps);
    }
}
