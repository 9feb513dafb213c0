package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * European call prices under the Heston model by Fourier inversion (Gatheral's P1/P2 form with the
 * "little Heston trap" characteristic function of Albrecher et al.), using a {@link Complex} record
 * and composite Gauss-Legendre quadrature on [0, U_MAX]. Plus a calibration objective.
 *
 * <p>Smooth in spot, strike, rate, dividend, expiry and all model parameters within: spot 100,
 * strike in [80, 120], rate in [0, 0.05], dividend in [0, 0.03], expiry in [0.25, 2]; v0 and theta
 * in [0.02, 0.09], kappa in [0.5, 3], sigma in [0.2, 0.8], rho in [-0.8, 0.2]. (Outside, the complex
 * logarithm can in principle cross its branch cut; the little-trap form avoids that in this range.
 * For sigma below about 0.05 the factor kappa theta / sigma^2 amplifies cancellation in
 * {@code beta - d}, and prices lose digits: do not go there.) The price was checked against a
 * 200,000-path Euler Monte Carlo (5.5583 vs 5.557 +- 0.02 for spot 100, strike 105, r 0.02,
 * q 0.01, T 1, v0 0.04, kappa 1.5, theta 0.05, sigma 0.5, rho -0.6) and converges to Black-Scholes
 * as sigma goes to 0 with theta = v0.
 *
 * <p>Entry points: {@link #callPrice}(spot, strike, rate, dividend, expiry, params) with
 * {@code params = new HestonParams(v0, kappa, theta, sigma, rho)}; {@link #callPriceFlat}(spot,
 * strike, expiry, rate, v0, kappa, theta, sigma, rho); {@link #putPrice} by parity, same arguments
 * as callPrice; {@link #calibrationLoss}(params[5], spot, rate, strikes[], expiries[],
 * marketPrices[]) with 1 to 6 quotes, market prices in [1, 25].
 */
public final class HestonPricer {

    private HestonPricer() {}

    static final double U_MAX = 200.0;
    static final int PANELS = 20;

    /** log of E[exp(i w log S_T)] for complex w. */
    static Complex logCharacteristic(Complex w, double logSpot, double rate, double dividend, double expiry,
                                     HestonParams p) {
        Complex a = Complex.I.times(w);
        double sigma2 = p.sigma() * p.sigma();
        Complex beta = Complex.real(p.kappa()).minus(a.times(p.rho() * p.sigma()));
        Complex d = beta.times(beta).plus(a.minus(a.times(a)).times(sigma2)).sqrt();
        Complex g = beta.minus(d).div(beta.plus(d));
        Complex decay = d.times(-expiry).exp();
        Complex oneMinusGDecay = Complex.ONE.minus(g.times(decay));
        Complex logRatio = oneMinusGDecay.div(Complex.ONE.minus(g)).log();
        Complex c = a.times((rate - dividend) * expiry)
                .plus(beta.minus(d).times(expiry).minus(logRatio.times(2.0)).times(p.kappa() * p.theta() / sigma2));
        Complex dTerm = beta.minus(d).times(1.0 / sigma2).times(Complex.ONE.minus(decay).div(oneMinusGDecay));
        return c.plus(dTerm.times(p.v0())).plus(a.times(logSpot));
    }

    /** Re[exp(-i u log K) phi(w) / (i u)] with phi(w) = exp(logPhi). */
    private static double integrand(double u, double logStrike, Complex logPhi) {
        Complex value = logPhi.minus(Complex.of(0.0, u * logStrike)).exp();
        return value.div(Complex.of(0.0, u)).re();
    }

    @Grad
    public static double callPrice(double spot, double strike, double rate, double dividend, double expiry,
                                   HestonParams params) {
        if (spot <= 0 || strike <= 0 || expiry <= 0) {
            throw new IllegalArgumentException("spot, strike and expiry must be positive");
        }
        double logSpot = Math.log(spot);
        double logStrike = Math.log(strike);
        double forwardLog = logSpot + (rate - dividend) * expiry; // log phi(-i)
        double integral1 = 0.0;
        double integral2 = 0.0;
        for (int panel = 0; panel < PANELS; panel++) {
            for (int j = 0; j < Quadrature.ORDER; j++) {
                double u = Quadrature.node(0.0, U_MAX, PANELS, panel, j);
                double w = Quadrature.weight(0.0, U_MAX, PANELS, j);
                Complex logPhi1 = logCharacteristic(Complex.of(u, -1.0), logSpot, rate, dividend, expiry, params)
                        .minus(forwardLog);
                Complex logPhi2 = logCharacteristic(Complex.real(u), logSpot, rate, dividend, expiry, params);
                integral1 += w * integrand(u, logStrike, logPhi1);
                integral2 += w * integrand(u, logStrike, logPhi2);
            }
        }
        double p1 = 0.5 + integral1 / Math.PI;
        double p2 = 0.5 + integral2 / Math.PI;
        return spot * Math.exp(-dividend * expiry) * p1 - strike * Math.exp(-rate * expiry) * p2;
    }

    @Grad
    public static double callPriceFlat(double spot, double strike, double expiry, double rate, double v0,
                                       double kappa, double theta, double sigma, double rho) {
        return callPrice(spot, strike, rate, 0.0, expiry, new HestonParams(v0, kappa, theta, sigma, rho));
    }

    @Grad
    public static double putPrice(double spot, double strike, double rate, double dividend, double expiry,
                                  HestonParams params) {
        double call = callPrice(spot, strike, rate, dividend, expiry, params);
        return call - spot * Math.exp(-dividend * expiry) + strike * Math.exp(-rate * expiry);
    }

    @Grad
    public static double calibrationLoss(double[] params, double spot, double rate, double[] strikes,
                                         double[] expiries, double[] marketPrices) {
        HestonParams p = HestonParams.fromArray(params);
        double loss = 0.0;
        for (int i = 0; i < strikes.length; i++) {
            double diff = callPrice(spot, strikes[i], rate, 0.0, expiries[i], p) - marketPrices[i];
            loss += diff * diff;
        }
        return loss / strikes.length;
    }
}
