package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Mass-action chemical kinetics in a batch reactor: a reaction network given by integer
 * stoichiometry and reactant-order tables, Arrhenius rate constants, integrated by an explicit
 * Runge-Kutta method chosen from a Butcher tableau. Used for parameter estimation (fitting
 * log pre-exponential factors and activation energies) and for choosing the temperature that
 * maximises an intermediate's yield.
 *
 * <p>The default network is the consecutive reaction A -> B -> C plus the side reaction
 * 2A -> D: see {@link #DEFAULT_STOICHIOMETRY} and {@link #DEFAULT_ORDERS}. Species order A, B, C, D.
 *
 * <p>Smoothness: smooth (concentrations are polynomial in the rates at each step; rates are
 * analytic in the parameters) as long as the integration is stable, i.e. {@code dt * k_max} well
 * below 1. Arguments: logPreExp (one per reaction, 3 for the default network) in [13, 16];
 * activationEnergy in [4.5e4, 5.5e4] J/mol; temperature in [330, 370] K; c0 = {1, 0, 0, 0} or
 * random in [0, 1]; tEnd in [1, 10]; steps in [100, 400]; method any of "euler", "heun", "ralston",
 * "rk4" (any case; "classic" = "rk4"); observed (for {@link #fitLoss}) length 4 in [0, 1]. With
 * these, k = exp(logPreExp - Ea / RT) lies in about [1e-3, 4]; reject draws where
 * {@code max k * tEnd / steps > 0.2}.
 *
 * <p>Entry points: {@link #finalConcentrations}(logPreExp, activationEnergy, temperature, c0, tEnd,
 * steps, method), {@link #fitLoss}(logPreExp, activationEnergy, temperature, c0, observed, tEnd,
 * steps, method), {@link #intermediateYield}(temperature, logPreExp, activationEnergy, tEnd, steps)
 * — the B concentration at the end, starting from pure A; plus the general
 * {@link #integrate}(rateConstants, c0, stoichiometry, orders, tEnd, steps, method) for any network
 * given as R x S int tables (stoichiometry entries in [-2, 2], orders in [0, 2]).
 */
public final class ReactionKinetics {

    private ReactionKinetics() {}

    static final double GAS_CONSTANT = 8.314462618;

    /** Net change of each species (columns A, B, C, D) per reaction (rows). */
    static final int[][] DEFAULT_STOICHIOMETRY = {
        {-1, 1, 0, 0},  // A -> B
        {0, -1, 1, 0},  // B -> C
        {-2, 0, 0, 1}   // 2A -> D
    };

    /** Reaction order in each species. */
    static final int[][] DEFAULT_ORDERS = {
        {1, 0, 0, 0},
        {0, 1, 0, 0},
        {2, 0, 0, 0}
    };

    static double arrhenius(double logPreExp, double activationEnergy, double temperature) {
        return Math.exp(logPreExp - activationEnergy / (GAS_CONSTANT * temperature));
    }

    /** c^n for a small non-negative integer n, without Math.pow. */
    static double power(double c, int n) {
        switch (n) {
            case 0:
                return 1.0;
            case 1:
                return c;
            case 2:
                return c * c;
            default:
                return c * power(c, n - 1);
        }
    }

    /** dc/dt for the network, written into {@code out}. */
    static void rates(double[] k, double[] c, int[][] stoichiometry, int[][] orders, double[] out) {
        java.util.Arrays.fill(out, 0.0);
        for (int r = 0; r < k.length; r++) {
            double rate = k[r];
            for (int s = 0; s < c.length; s++) {
                if (orders[r][s] != 0) {
                    rate *= power(c[s], orders[r][s]);
                }
            }
            for (int s = 0; s < c.length; s++) {
                out[s] += stoichiometry[r][s] * rate;
            }
        }
    }

    @Grad
    public static double[] integrate(double[] rateConstants, double[] c0, int[][] stoichiometry, int[][] orders,
                                     double tEnd, int steps, String method) {
        ButcherTableau tableau = ButcherTableau.byName(method);
        int species = c0.length;
        int stages = tableau.stages();
        double dt = tEnd / steps;
        double[] c = c0.clone();
        double[][] slopes = new double[stages][species];
        double[] stageState = new double[species];
        for (int n = 0; n < steps; n++) {
            for (int i = 0; i < stages; i++) {
                for (int s = 0; s < species; s++) {
                    double v = c[s];
                    for (int j = 0; j < i; j++) {
                        v += dt * tableau.a()[i][j] * slopes[j][s];
                    }
                    stageState[s] = v;
                }
                rates(rateConstants, stageState, stoichiometry, orders, slopes[i]);
            }
            for (int s = 0; s < species; s++) {
                for (int i = 0; i < stages; i++) {
                    c[s] += dt * tableau.b()[i] * slopes[i][s];
                }
            }
        }
        return c;
    }

    private static double[] rateConstants(double[] logPreExp, double[] activationEnergy, double temperature) {
        if (logPreExp.length != activationEnergy.length) {
            throw new IllegalArgumentException("one pre-exponential factor and one activation energy per reaction");
        }
        double[] k = new double[logPreExp.length];
        for (int r = 0; r < k.length; r++) {
            k[r] = arrhenius(logPreExp[r], activationEnergy[r], temperature);
        }
        return k;
    }

    @Grad
    public static double[] finalConcentrations(double[] logPreExp, double[] activationEnergy, double temperature,
                                               double[] c0, double tEnd, int steps, String method) {
        double[] k = rateConstants(logPreExp, activationEnergy, temperature);
        return integrate(k, c0, DEFAULT_STOICHIOMETRY, DEFAULT_ORDERS, tEnd, steps, method);
    }

    @Grad
    public static double fitLoss(double[] logPreExp, double[] activationEnergy, double temperature, double[] c0,
                                 double[] observed, double tEnd, int steps, String method) {
        double[] c = finalConcentrations(logPreExp, activationEnergy, temperature, c0, tEnd, steps, method);
        double loss = 0.0;
        for (int s = 0; s < c.length; s++) {
            double r = c[s] - observed[s];
            loss += r * r;
        }
        return loss;
    }

    @Grad
    public static double intermediateYield(double temperature, double[] logPreExp, double[] activationEnergy,
                                           double tEnd, int steps) {
        double[] c0 = {1.0, 0.0, 0.0, 0.0};
        return finalConcentrations(logPreExp, activationEnergy, temperature, c0, tEnd, steps, "rk4")[1];
    }
}
