package io.jgrad.realistic;
import java.util.*;
import java.util.function.*;
/** Directional FD consistency: central differences with two step sizes must agree (smoothness probe). */
public class SmoothnessProbe {
    static void probe(String name, double[] x0, ToDoubleFunction<double[]> f) {
        Random r = new Random(name.hashCode());
        double[] dir = new double[x0.length];
        for (int i = 0; i < dir.length; i++) dir[i] = r.nextGaussian() * Math.max(1e-2, Math.abs(x0[i]));
        double[] res = new double[2]; double[] hs = {1e-4, 1e-6};
        for (int k = 0; k < 2; k++) {
            double[] xp = x0.clone(), xm = x0.clone();
            for (int i = 0; i < dir.length; i++) { xp[i] += hs[k] * dir[i]; xm[i] -= hs[k] * dir[i]; }
            res[k] = (f.applyAsDouble(xp) - f.applyAsDouble(xm)) / (2 * hs[k]);
        }
        double rel = Math.abs(res[0] - res[1]) / Math.max(1e-8, Math.abs(res[1]));
        System.out.printf("%-40s %.8g %.8g rel %.1e %s%n", name, res[0], res[1], rel, rel < 1e-4 ? "ok" : "SUSPECT");
    }
    static double[] cat(double[]... as) { int n = 0; for (double[] a : as) n += a.length; double[] o = new double[n]; int k = 0; for (double[] a : as) for (double v : a) o[k++] = v; return o; }
    public static void main(String[] args) {
        probe("BS price", new double[] {100, 95, 0.03, 0.01, 0.25, 1.2}, x -> BlackScholes.price(OptionType.PUT, x[0], x[1], x[2], x[3], x[4], x[5]));
        probe("BS impliedVol", new double[] {12.0, 100, 110, 0.02, 0.8}, x -> BlackScholes.impliedVol(OptionType.PUT, x[0], x[1], x[2], x[3], x[4]));
        probe("Binomial american", new double[] {100, 105, 0.05, 0.3, 1}, x -> BinomialTree.price(OptionType.PUT, BinomialTree.Exercise.AMERICAN, x[0], x[1], x[2], x[3], x[4], 50));
        probe("SABR", new double[] {0.03, 0.036, 5, 0.03, 0.5, -0.3, 0.4}, x -> SabrSmile.impliedVol(x[0], x[1], x[2], x[3], x[4], x[5], x[6]));
        probe("Bond ytm", new double[] {95, 0.05, 7.3}, x -> BondPricing.yieldToMaturity(x[0], x[1], x[2], 2, 100));
        probe("Bond curve (rates+pillars)", new double[] {0.01, 0.02, 0.025, 0.03, 0.5, 2, 5, 10.2}, x -> BondPricing.curvePrice(Arrays.copyOf(x, 4), Arrays.copyOfRange(x, 4, 8), BondPricing.schedule(0.05, 10, 2, 100)));
        probe("Heston call", new double[] {100, 105, 0.02, 0.01, 1, 0.04, 1.5, 0.05, 0.5, -0.6}, x -> HestonPricer.callPrice(x[0], x[1], x[2], x[3], x[4], new HestonParams(x[5], x[6], x[7], x[8], x[9])));
        probe("Heston short T", new double[] {100, 85, 0.02, 0.0, 0.25, 0.02, 3, 0.09, 0.8, 0.2}, x -> HestonPricer.callPrice(x[0], x[1], x[2], x[3], x[4], new HestonParams(x[5], x[6], x[7], x[8], x[9])));
        double[] kx = {-0.5, 0.1, 0.6, 1.5, 2.0, 2.9}, ky = {0.3, -1, 0.5, 1.2, -0.4, 0.9};
        probe("Spline interpolate (x,y,q)", cat(kx, ky, new double[] {0.35, 1.77}), x -> { double[] v = CubicSpline.interpolate(Arrays.copyOf(x, 6), Arrays.copyOfRange(x, 6, 12), Arrays.copyOfRange(x, 12, 14)); return v[0] + 2 * v[1]; });
        double[][] gx = {{0.1, 0.3}, {-1, 0.5}, {1.2, -0.7}, {0.4, 1.5}};
        double[] gy = {0.5, -0.3, 1.1, 0.2};
        for (GaussianProcess.Kernel k : GaussianProcess.Kernel.values())
            probe("GP nlml " + k, cat(new double[] {0.2, -0.1, -2.5}, gx[0], gx[1], gx[2], gx[3], gy), x -> GaussianProcess.negLogMarginalLikelihood(x[0], x[1], x[2], new double[][] {{x[3], x[4]}, {x[5], x[6]}, {x[7], x[8]}, {x[9], x[10]}}, Arrays.copyOfRange(x, 11, 15), k));
        double[] sp = {-0.3, 0.1, -4, 0.6, 0.8, 0.5, -0.2, -3.5, 0.4, 0.5};
        probe("Ray imageLoss", cat(sp, new double[] {0.3, 0.4, 1.0}), x -> RayTracer.imageLoss(Arrays.copyOf(x, 10), Arrays.copyOfRange(x, 10, 13), new double[30], 6, 5));
        probe("LJ energy", new double[] {0, 0, 0, 1.1, 0.1, 0, 0.2, 1.05, 0.1, 1.0, 1.0, 1.1, 6.5, 1.0, 1.0}, x -> LennardJones.energy(Arrays.copyOf(x, 12), x[12], x[13], x[14]));
        probe("FEM compliance (E, x)", new double[] {1, 1.5, 0.7, 0, 1.1, 1.9, 3.05}, x -> FiniteElementBar.compliance(Arrays.copyOf(x, 3), new double[] {1, 1, 1}, Arrays.copyOfRange(x, 3, 7), new int[][] {{0, 1}, {1, 2}, {2, 3}}, FiniteElementBar.Order.LINEAR, new boolean[] {true, false, false, false}, new double[] {0, 0.3, -0.2, 1}));
        probe("Kalman nll", new double[] {-1, -0.5, 0.5, 0.1, 0.5, 0.4, 1.2}, x -> KalmanFilter.negLogLikelihood(x[0], x[1], x[2], Arrays.copyOfRange(x, 3, 7)));
        probe("Poisson negbin", new double[] {0.2, -0.3, 1.5}, x -> PoissonRegression.negBinomialNll(new double[] {x[0], x[1]}, x[2], new double[][] {{1, 0.5}, {-0.3, 0.2}, {0.8, -1}}, new long[] {0, 3, 7}, new double[] {1, 1.5, 0.7}));
        probe("Barrier survival", new double[] {100, 140, 0.25, 1}, x -> MonteCarloBarrier.survivalProbability(x[0], x[1], x[2], x[3]));
        probe("Barrier MC", new double[] {100, 100, 140, 0.02, 0.25, 1}, x -> MonteCarloBarrier.upAndOutCall(x[0], x[1], x[2], x[3], x[4], x[5], 200, 10, 99L));
        probe("Bond duration", new double[] {0.04, 0.05, 7.3}, x -> BondPricing.macaulayDuration(x[0], x[1], x[2], 4));
        probe("Kinetics fit (lnA, Ea, T)", new double[] {14, 15, 14.5, 5e4, 5.5e4, 4.5e4, 350}, x -> ReactionKinetics.fitLoss(Arrays.copyOf(x, 3), Arrays.copyOfRange(x, 3, 6), x[6], new double[] {1, 0, 0, 0}, new double[] {0.2, 0.3, 0.3, 0.1}, 5, 200, "rk4"));
        probe("RPN", new double[] {1.3, 0.8}, x -> RpnFormula.evaluate("x0 dup * x1 swap / 1.5 ^", x));
    }
}
