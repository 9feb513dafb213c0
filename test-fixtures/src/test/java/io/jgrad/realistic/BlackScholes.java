package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Black-Scholes-Merton prices of European options, a delta, the value of a small option book and an
 * implied volatility by Newton's method.
 *
 * <p>The normal CDF uses the Abramowitz-Stegun 7.1.26 approximation of erf (absolute error below
 * 1.5e-7); it is built as {@code sign(x) * f(|x|)}, so it has a (tiny) kink at 0. Everything here is
 * smooth for {@code spot > 0, strike > 0, vol > 0, expiry > 0} as long as the arguments of the
 * normal CDF ({@code d1} and {@code d2}) stay away from 0, i.e. the strike is not within about
 * {@code 1e-3 * spot} of the forward {@code spot * exp((rate - dividend) * expiry)} (times
 * {@code exp(+-vol^2 T / 2)}). Sampling {@code spot} in [80, 120] and {@code strike} in [60, 140] with
 * a relative distance of at least 2% from the forward is safe.
 *
 * <p>Entry points and arguments:
 * <ul>
 *   <li>{@link #price}: {@code type} CALL or PUT; spot in [80, 120]; strike in [60, 140]; rate in
 *       [0, 0.08]; dividend in [0, 0.04]; vol in [0.1, 0.6]; expiry in [0.1, 3].
 *   <li>{@link #delta}: same arguments as {@code price}.
 *   <li>{@link #bookValue}: spot, vol, rate as above; {@code book} 1 to 10
 *       {@link EuropeanOption}s with strikes in [60, 140], expiries in [0.1, 3], quantities in
 *       [-5, 5], types mixed.
 *   <li>{@link #impliedVol}: build the target price with {@code price(type, spot, strike, rate, 0,
 *       v, expiry)} for v in [0.1, 0.6]; the result is smooth in {@code marketPrice, spot, strike,
 *       rate, expiry} there. Throws if the price is outside the no-arbitrage bounds.
 * </ul>
 */
public final class BlackScholes {

    private BlackScholes() {}

    static final double SQRT_2 = Math.sqrt(2.0);
    static final double INV_SQRT_2PI = 1.0 / Math.sqrt(2.0 * Math.PI);

    /** Abramowitz and Stegun 7.1.26: a1..a5 and p. */
    private static final double[] ERF_A = {
        0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429
    };
    private static final double ERF_P = 0.3275911;

    static final int MAX_NEWTON_ITERATIONS = 50;
    static final double VOL_TOLERANCE = 1e-12;

    static double erf(double x) {
        double sign = 1.0;
        if (x < 0) {
            sign = -1.0;
            x = -x;
        }
        double t = 1.0 / (1.0 + ERF_P * x);
        double poly = 0.0;
        for (int i = ERF_A.length - 1; i >= 0; i--) {
            poly = poly * t + ERF_A[i];
        }
        poly *= t;
        return sign * (1.0 - poly * Math.exp(-x * x));
    }

    public static double normCdf(double x) {
        return 0.5 * (1.0 + erf(x / SQRT_2));
    }

    public static double normPdf(double x) {
        return INV_SQRT_2PI * Math.exp(-0.5 * x * x);
    }

    private static double d1(double spot, double strike, double rate, double dividend, double vol, double expiry) {
        return (Math.log(spot / strike) + (rate - dividend + 0.5 * vol * vol) * expiry) / (vol * Math.sqrt(expiry));
    }

    private static void checkInputs(double spot, double strike, double vol, double expiry) {
        if (spot <= 0 || strike <= 0) {
            throw new IllegalArgumentException("spot and strike must be positive, got spot=" + spot + ", strike=" + strike);
        }
        if (vol <= 0 || expiry <= 0) {
            throw new IllegalArgumentException("vol and expiry must be positive, got vol=" + vol + ", expiry=" + expiry);
        }
    }

    @Grad
    public static double price(OptionType type, double spot, double strike, double rate, double dividend,
                               double vol, double expiry) {
        checkInputs(spot, strike, vol, expiry);
        double sqrtT = Math.sqrt(expiry);
        double d1 = d1(spot, strike, rate, dividend, vol, expiry);
        double d2 = d1 - vol * sqrtT;
        double discount = Math.exp(-rate * expiry);
        double carry = Math.exp(-dividend * expiry);
        switch (type) {
            case CALL:
                return spot * carry * normCdf(d1) - strike * discount * normCdf(d2);
            case PUT:
                return strike * discount * normCdf(-d2) - spot * carry * normCdf(-d1);
            default:
                throw new IllegalStateException("unexpected option type " + type);
        }
    }

    /** dPrice/dSpot in closed form; its own derivative in spot is the gamma. */
    @Grad
    public static double delta(OptionType type, double spot, double strike, double rate, double dividend,
                               double vol, double expiry) {
        checkInputs(spot, strike, vol, expiry);
        double carry = Math.exp(-dividend * expiry);
        double nd1 = normCdf(d1(spot, strike, rate, dividend, vol, expiry));
        return switch (type) {
            case CALL -> carry * nd1;
            case PUT -> carry * (nd1 - 1.0);
        };
    }

    /** Mark-to-model value of a book of European options on one underlying (no dividends). */
    @Grad
    public static double bookValue(double spot, double vol, double rate, EuropeanOption[] book) {
        double total = 0.0;
        for (EuropeanOption option : book) {
            total += option.quantity() * price(option.type(), spot, option.strike(), rate, 0.0, vol, option.expiry());
        }
        return total;
    }

    /** Black-Scholes implied volatility (no dividends) by safeguarded Newton iterations. */
    @Grad
    public static double impliedVol(OptionType type, double marketPrice, double spot, double strike,
                                    double rate, double expiry) {
        double discountedStrike = strike * Math.exp(-rate * expiry);
        double lower = type == OptionType.CALL
                ? Math.max(spot - discountedStrike, 0.0)
                : Math.max(discountedStrike - spot, 0.0);
        double upper = type == OptionType.CALL ? spot : discountedStrike;
        if (marketPrice <= lower || marketPrice >= upper) {
            throw new IllegalArgumentException("price " + marketPrice + " outside the arbitrage bounds ("
                    + lower + ", " + upper + ")");
        }
        // Brenner-Subrahmanyam start, kept in a sane range
        double vol = Math.sqrt(2.0 * Math.PI / expiry) * marketPrice / spot;
        vol = Math.min(Math.max(vol, 0.05), 2.0);
        for (int iter = 0; iter < MAX_NEWTON_ITERATIONS; iter++) {
            double diff = price(type, spot, strike, rate, 0.0, vol, expiry) - marketPrice;
            double vega = spot * normPdf(d1(spot, strike, rate, 0.0, vol, expiry)) * Math.sqrt(expiry);
            double step = diff / vega;
            vol -= step;
            if (vol <= 0) {
                vol = 1e-4;
            }
            if (Math.abs(step) < VOL_TOLERANCE) {
                break;
            }
        }
        return vol;
    }
}
