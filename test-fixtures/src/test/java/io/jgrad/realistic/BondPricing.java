package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Fixed-coupon bond analytics: price from a flat yield, yield to maturity by Newton's method,
 * Macaulay duration, and price off a zero curve with linear interpolation of zero rates.
 *
 * <p>Smoothness: {@link #price}, {@link #yieldToMaturity} and {@link #macaulayDuration} are smooth in
 * all their double arguments for yields in (-0.5, 1) (with discrete compounding, 1 + y/m > 0),
 * except in the maturity: the schedule gains a (front stub) coupon whenever
 * {@code maturity * frequency} crosses an integer, a jump. Keep {@code maturity * frequency} at least
 * 0.05 away from an integer (e.g. maturity 7.3 with frequency 2 or 4, not 10).
 * {@link #curvePrice} is piecewise linear in the interpolation weights: it is smooth in the zero
 * rates everywhere and in the pillar times / flow times as long as no cash-flow time coincides with a
 * pillar time (keep them at least 1e-3 apart) and flows lie inside [first pillar, last pillar] or
 * strictly outside (flat extrapolation).
 *
 * <p>Arguments:
 * <ul>
 *   <li>{@link #price}(yield, flows, compounding): yield in [0, 0.1]; flows: build with
 *       {@link #schedule} (couponRate in [0, 0.1], maturity in [0.5, 30], frequency 1, 2, 4 or 12,
 *       face 100) or by hand: 1 to 40 {@code new CashFlow(t, amount)} with t in (0, 30], amounts in
 *       [0, 105]; any {@link Compounding}.
 *   <li>{@link #yieldToMaturity}(price, couponRate, maturity, frequency, face): price in [80, 120]
 *       with face 100, couponRate in [0.01, 0.08], maturity in [1, 30] (see above), frequency 1, 2,
 *       4 or 12.
 *   <li>{@link #macaulayDuration}(yield, couponRate, maturity, frequency): as above, yield in [0, 0.1].
 *   <li>{@link #curvePrice}(zeroRates[], pillarTimes[], flows): 2 to 12 pillars, times strictly
 *       increasing in [0.25, 30], zero rates in [0, 0.06]; flows as above.
 * </ul>
 */
public final class BondPricing {

    private BondPricing() {}

    static final int MAX_ITERATIONS = 100;
    static final double TOLERANCE = 1e-14;

    /** The cash flows of a bullet bond with regular coupons, the last one including the face. */
    public static CashFlow[] schedule(double couponRate, double maturity, int frequency, double face) {
        if (frequency <= 0 || 12 % frequency != 0) {
            throw new IllegalArgumentException("coupon frequency must divide 12, got " + frequency);
        }
        int n = (int) Math.ceil(maturity * frequency - 1e-9);
        CashFlow[] flows = new CashFlow[n];
        double coupon = face * couponRate / frequency;
        for (int i = 0; i < n; i++) {
            // stub period at the front: count back from maturity
            double t = maturity - (double) (n - 1 - i) / frequency;
            flows[i] = new CashFlow(t, i == n - 1 ? coupon + face : coupon);
        }
        return flows;
    }

    @Grad
    public static double price(double yield, CashFlow[] flows, Compounding compounding) {
        double pv = 0.0;
        for (CashFlow cf : flows) {
            pv += cf.amount() * compounding.discount(yield, cf.time());
        }
        return pv;
    }

    @Grad
    public static double yieldToMaturity(double price, double couponRate, double maturity, int frequency, double face) {
        CashFlow[] flows = schedule(couponRate, maturity, frequency, face);
        Compounding compounding = switch (frequency) {
            case 1 -> Compounding.ANNUAL;
            case 2 -> Compounding.SEMI_ANNUAL;
            case 4 -> Compounding.QUARTERLY;
            case 12 -> Compounding.MONTHLY;
            default -> throw new IllegalArgumentException("unsupported frequency " + frequency);
        };
        double y = couponRate;
        for (int iter = 0; iter < MAX_ITERATIONS; iter++) {
            double pv = 0.0;
            double dPv = 0.0;
            int m = compounding.periodsPerYear();
            for (CashFlow cf : flows) {
                double df = compounding.discount(y, cf.time());
                pv += cf.amount() * df;
                dPv -= cf.amount() * cf.time() * df / (1.0 + y / m);
            }
            double step = (pv - price) / dPv;
            y -= step;
            if (Math.abs(step) < TOLERANCE) {
                return y;
            }
        }
        throw new ArithmeticException("yield did not converge for price " + price);
    }

    @Grad
    public static double macaulayDuration(double yield, double couponRate, double maturity, int frequency) {
        var flows = schedule(couponRate, maturity, frequency, 100.0);
        double pv = 0.0;
        double weighted = 0.0;
        for (var cf : flows) {
            double v = cf.amount() * Compounding.CONTINUOUS.discount(yield, cf.time());
            pv += v;
            weighted += cf.time() * v;
        }
        return weighted / pv;
    }

    /** Index i with times[i] <= t < times[i+1], by bisection; -1 before the first, n-1 after the last. */
    static int bracket(double[] times, double t) {
        if (t < times[0]) {
            return -1;
        }
        int lo = 0;
        int hi = times.length - 1;
        if (t >= times[hi]) {
            return hi;
        }
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (times[mid] <= t) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    static double zeroRate(double[] rates, double[] times, double t) {
        int i = bracket(times, t);
        if (i < 0) {
            return rates[0];
        }
        if (i == times.length - 1) {
            return rates[i];
        }
        double w = (t - times[i]) / (times[i + 1] - times[i]);
        return (1.0 - w) * rates[i] + w * rates[i + 1];
    }

    @Grad
    public static double curvePrice(double[] zeroRates, double[] pillarTimes, CashFlow[] flows) {
        if (zeroRates.length != pillarTimes.length) {
            throw new IllegalArgumentException("zero rates and pillar times differ in length: "
                    + zeroRates.length + " vs " + pillarTimes.length);
        }
        double pv = 0.0;
        for (int k = 0; k < flows.length; k++) {
            double t = flows[k].time();
            pv += flows[k].amount() * Math.exp(-zeroRate(zeroRates, pillarTimes, t) * t);
        }
        return pv;
    }
}
