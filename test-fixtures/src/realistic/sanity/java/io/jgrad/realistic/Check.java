package io.jgrad.realistic;

import java.util.Arrays;
import java.util.Random;

/**
 * Sanity driver for the realistic programs (not a test): evaluates every entry point at sample
 * arguments, fails on non-finite values, and cross-checks a few results (put-call parity, Heston to
 * Black-Scholes, spline through its knots, analytic FEM compliance, ...). Run from a scratch build:
 * see test-fixtures/src/realistic/README.md.
 */
public class Check {
    static int count = 0;
    static void p(String name, double v) {
        count++;
        if (!Double.isFinite(v)) throw new AssertionError(name + " not finite: " + v);
        System.out.printf("%-45s %.10g%n", name, v);
    }
    static void p(String name, double[] v) {
        count++;
        for (double x : v) if (!Double.isFinite(x)) throw new AssertionError(name + " not finite: " + Arrays.toString(v));
        System.out.printf("%-45s %s%n", name, Arrays.toString(v));
    }
    static void p(String name, double[][] v) {
        count++;
        for (double[] r : v) for (double x : r) if (!Double.isFinite(x)) throw new AssertionError(name + " not finite");
        System.out.printf("%-45s %s%n", name, Arrays.deepToString(v));
    }
    static void near(String name, double a, double b, double tol) {
        if (Math.abs(a - b) > tol * Math.max(1, Math.abs(b))) throw new AssertionError(name + ": " + a + " vs " + b);
        System.out.printf("  ok %-40s %.10g ~ %.10g%n", name, a, b);
    }
    static double[] rnd(Random r, int n, double lo, double hi) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) a[i] = lo + (hi - lo) * r.nextDouble();
        return a;
    }
    static double[][] rnd(Random r, int n, int m, double lo, double hi) {
        double[][] a = new double[n][];
        for (int i = 0; i < n; i++) a[i] = rnd(r, m, lo, hi);
        return a;
    }

    public static void main(String[] args) {
        Random r = new Random(42);

        // BlackScholes
        double c = BlackScholes.price(OptionType.CALL, 100, 95, 0.03, 0.01, 0.25, 1.2);
        double pu = BlackScholes.price(OptionType.PUT, 100, 95, 0.03, 0.01, 0.25, 1.2);
        p("BlackScholes.price call", c);
        p("BlackScholes.price put", pu);
        near("put-call parity", c - pu, 100 * Math.exp(-0.01 * 1.2) - 95 * Math.exp(-0.03 * 1.2), 1e-6);
        double h = 1e-4;
        double fdDelta = (BlackScholes.price(OptionType.CALL, 100 + h, 95, 0.03, 0.01, 0.25, 1.2)
                - BlackScholes.price(OptionType.CALL, 100 - h, 95, 0.03, 0.01, 0.25, 1.2)) / (2 * h);
        p("BlackScholes.delta call", BlackScholes.delta(OptionType.CALL, 100, 95, 0.03, 0.01, 0.25, 1.2));
        near("delta vs FD", BlackScholes.delta(OptionType.CALL, 100, 95, 0.03, 0.01, 0.25, 1.2), fdDelta, 1e-5);
        p("BlackScholes.delta put", BlackScholes.delta(OptionType.PUT, 100, 95, 0.03, 0.01, 0.25, 1.2));
        EuropeanOption[] book = {EuropeanOption.call(100, 1, 2), EuropeanOption.put(90, 0.5, -1),
            new EuropeanOption(OptionType.parse("c"), 120, 2, 3)};
        p("BlackScholes.bookValue", BlackScholes.bookValue(100, 0.3, 0.02, book));
        double target = BlackScholes.price(OptionType.PUT, 100, 110, 0.02, 0, 0.37, 0.8);
        double iv = BlackScholes.impliedVol(OptionType.PUT, target, 100, 110, 0.02, 0.8);
        p("BlackScholes.impliedVol", iv);
        near("implied vol recovers", iv, 0.37, 1e-9);

        // BinomialTree
        double bt = BinomialTree.price(OptionType.CALL, BinomialTree.Exercise.EUROPEAN, 100, 95, 0.03, 0.25, 1.2, 400);
        p("BinomialTree.price euro call", bt);
        near("binomial vs BS", bt, BlackScholes.price(OptionType.CALL, 100, 95, 0.03, 0, 0.25, 1.2), 1e-2);
        p("BinomialTree.price amer put", BinomialTree.price(OptionType.PUT, BinomialTree.Exercise.AMERICAN, 100, 105, 0.05, 0.3, 1, 100));
        p("BinomialTree.earlyExercisePremium", BinomialTree.earlyExercisePremium(OptionType.PUT, 100, 105, 0.05, 0.3, 1, 100));

        // MonteCarloAsian
        int paths = 400, steps = 12;
        float[] normals = new float[paths * steps];
        for (int i = 0; i < normals.length; i++) normals[i] = (float) r.nextGaussian();
        p("MonteCarloAsian.price call", MonteCarloAsian.price("call", 100, 100, 0.03, 0.25, 1, normals, paths, steps, true));
        p("MonteCarloAsian.price put", MonteCarloAsian.price("PUT", 100, 100, 0.03, 0.25, 1, normals, paths, steps, false));
        p("MonteCarloAsian.price smooth-call", MonteCarloAsian.price("smooth-call", 100, 100, 0.03, 0.25, 1, normals, paths, steps, true));
        p("MonteCarloAsian.priceAndDelta", MonteCarloAsian.priceAndDelta(100, 100, 0.03, 0.25, 1, normals, paths, steps));

        // MonteCarloBarrier
        p("MonteCarloBarrier.upAndOutCall", MonteCarloBarrier.upAndOutCall(100, 100, 140, 0.02, 0.25, 1, 2000, 20, 12345L));
        p("MonteCarloBarrier.upAndOutCall far barrier", MonteCarloBarrier.upAndOutCall(100, 100, 1e6, 0.02, 0.25, 1, 20000, 4, 7L));
        System.out.println("  (BS reference " + BlackScholes.price(OptionType.CALL, 100, 100, 0.02, 0, 0.25, 1) + ")");
        p("MonteCarloBarrier.survivalProbability", MonteCarloBarrier.survivalProbability(100, 140, 0.25, 1));

        // SABR
        p("SabrSmile.impliedVol", SabrSmile.impliedVol(0.03, 0.035, 5, 0.03, 0.5, -0.3, 0.4));
        p("SabrSmile.impliedVol atm", SabrSmile.impliedVol(0.03, 0.03, 5, 0.03, 0.5, -0.3, 0.4));
        double[] ks = {0.02, 0.025, 0.03 * 1.01, 0.035, 0.045};
        double[] sm = SabrSmile.smile(0.03, ks, 5, new SabrParams(0.03, 0.5, -0.3, 0.4));
        p("SabrSmile.smile", sm);
        p("SabrSmile.calibrationError", SabrSmile.calibrationError(new double[] {Math.log(0.025), -0.2, Math.log(0.5)}, 0.5, 0.03, 5, ks, sm, new double[] {1, 1, 1, 1, 1}));
        p("SabrSmile.calibrationError at truth", SabrSmile.calibrationError(new double[] {Math.log(0.03), 0.5 * Math.log((1 - 0.3) / (1 + 0.3)), Math.log(0.4)}, 0.5, 0.03, 5, ks, sm, new double[] {1, 1, 1, 1, 1}));

        // Bonds
        CashFlow[] flows = BondPricing.schedule(0.05, 10, 2, 100);
        p("BondPricing.price semi", BondPricing.price(0.05, flows, Compounding.SEMI_ANNUAL));
        p("BondPricing.price cont", BondPricing.price(0.04, flows, Compounding.CONTINUOUS));
        p("BondPricing.yieldToMaturity", BondPricing.yieldToMaturity(95, 0.05, 10, 2, 100));
        near("ytm reprices", BondPricing.price(BondPricing.yieldToMaturity(95, 0.05, 10, 2, 100), flows, Compounding.SEMI_ANNUAL), 95, 1e-10);
        near("par bond yield = coupon", BondPricing.yieldToMaturity(100, 0.05, 10, 2, 100), 0.05, 1e-12);
        p("BondPricing.macaulayDuration", BondPricing.macaulayDuration(0.04, 0.05, 7.3, 4));
        p("BondPricing.curvePrice", BondPricing.curvePrice(new double[] {0.01, 0.02, 0.025, 0.03}, new double[] {0.5, 2, 5, 10.2}, flows));

        // Pendulum
        p("PendulumRk4.finalEnergy", PendulumRk4.finalEnergy(1.0, 0.2, 1.2, 0.0, 0.0, 1.0, 0.01, 300));
        System.out.println("  (initial energy " + PendulumRk4.energy(new PendulumRk4.State(1.0, 0.2), 1.2) + ")");
        p("PendulumRk4.finalEnergy damped driven", PendulumRk4.finalEnergy(1.0, 0.2, 1.2, 0.3, 0.4, 1.5, 0.01, 300));
        double[] traj = PendulumRk4.trajectory(0.5, 0.0, 1.0, 0.1, 0.02, 10);
        p("PendulumRk4.trajectory", traj);
        p("PendulumRk4.fitLoss", PendulumRk4.fitLoss(new double[] {1.1, 0.05}, new double[] {traj[2], traj[4], traj[6], traj[8], traj[10]}, 0.5, 0.0, 0.02, 2));
        near("fitLoss at truth", PendulumRk4.fitLoss(new double[] {1.0, 0.1}, new double[] {traj[2], traj[4], traj[6], traj[8], traj[10]}, 0.5, 0.0, 0.02, 2), 0, 1e-20);

        // NBody
        int nb = 4;
        double[] pos = rnd(r, 3 * nb, -1, 1), vel = rnd(r, 3 * nb, -0.3, 0.3), ms = rnd(r, nb, 0.1, 1);
        double e0 = NBodySystem.energyAfter(pos, vel, ms, 0.005, 0, 0.1);
        p("NBodySystem.energyAfter(0 steps)", e0);
        p("NBodySystem.energyAfter(100 steps)", NBodySystem.energyAfter(pos, vel, ms, 0.005, 100, 0.1));
        p("NBodySystem.finalPositions", NBodySystem.finalPositions(pos, vel, ms, 0.005, 100, 0.1));
        p("NBodySystem.centreOfMassDrift", NBodySystem.centreOfMassDrift(pos, vel, ms, 0.005, 100, 0.1));

        // LJ
        double[] lj = new double[3 * 8];
        int q = 0;
        for (int i = 0; i < 2; i++) for (int j = 0; j < 2; j++) for (int k = 0; k < 2; k++) {
            lj[q++] = 1.2 * i + 0.2 * (r.nextDouble() - 0.5);
            lj[q++] = 1.2 * j + 0.2 * (r.nextDouble() - 0.5);
            lj[q++] = 1.2 * k + 0.2 * (r.nextDouble() - 0.5);
        }
        p("LennardJones.energy", LennardJones.energy(lj, 7.0, 1.0, 1.0));
        double[] f = new double[lj.length];
        LennardJones.forces(lj, 7.0, 1.0, 1.0, f);
        p("LennardJones.forces", f);
        double[] ljp = lj.clone(); ljp[4] += 1e-6; double[] ljm = lj.clone(); ljm[4] -= 1e-6;
        near("force = -dE/dx", f[4], -(LennardJones.energy(ljp, 7.0, 1.0, 1.0) - LennardJones.energy(ljm, 7.0, 1.0, 1.0)) / 2e-6, 1e-5);
        p("LennardJones.virialPressure", LennardJones.virialPressure(lj, 7.0, 1.0, 1.0, 1.0));
        p("LennardJones.meanSquaredForce", LennardJones.meanSquaredForce(lj, 7.0, 1.0, 1.0));

        // Heat
        int n = 10;
        double[] u0 = rnd(r, n, -1, 1), kappa = rnd(r, n, 0.5, 2);
        double dx = 0.1, dt = 0.1 * dx * dx;
        for (BoundaryCondition bc : BoundaryCondition.values()) {
            double[] out = new double[n];
            HeatEquation1D.step(u0, kappa, dx, dt, bc, out);
            p("HeatEquation1D.step " + bc, out);
            double[] sol = HeatEquation1D.solve(u0, kappa, dx, dt, 50, bc);
            p("HeatEquation1D.solve " + bc, sol);
            if (bc != BoundaryCondition.DIRICHLET) {
                near("heat conserved " + bc, Arrays.stream(sol).sum(), Arrays.stream(u0).sum(), 1e-12);
            }
            p("HeatEquation1D.inverseLoss " + bc, HeatEquation1D.inverseLoss(rnd(r, n, 0.5, 2), u0, sol, dx, dt, 50, bc, 0.01));
        }

        // Conv
        double[][][] filters = new double[2][][];
        for (int i = 0; i < 2; i++) filters[i] = rnd(r, 3, 3, -0.5, 0.5);
        double[][][] images = new double[3][][];
        for (int i = 0; i < 3; i++) images[i] = rnd(r, 6, 5, 0, 1);
        p("ConvRegression.featureMaps", ConvRegression.featureMaps(filters, new double[] {0.05, -0.05}, images[0]));
        p("ConvRegression.loss", ConvRegression.loss(filters, new double[] {0.05, -0.05}, new double[] {0.7, -0.4}, images, new double[] {0.1, -0.2, 0.3}));
        p("ConvRegression.smoothnessPenalty", ConvRegression.smoothnessPenalty(filters));

        // MLP
        int d = 3, hd = 5, cl = 4, nn = 6;
        double[][] xs = rnd(r, nn, d, -2, 2);
        int[] labels = new int[nn];
        for (int i = 0; i < nn; i++) labels[i] = r.nextInt(cl);
        double[] theta = rnd(r, hd * d + hd + cl * hd + cl, -1, 1);
        for (Activation a : Activation.values()) {
            p("Mlp.lossFlat " + a.label(), Mlp.lossFlat(theta, xs, labels, hd, cl, a, 0.01));
        }
        Mlp mlp = Mlp.fromFlat(theta, d, hd, cl, Activation.byLabel("swish"), 0.01);
        p("Mlp.loss (instance)", mlp.loss(xs, labels));
        p("Mlp.logits (instance)", mlp.logits(xs[0]));
        System.out.println("  predict = " + mlp.predict(xs[0]));
        Mlp mlp2 = new Mlp(rnd(r, hd, d, -1, 1), rnd(r, hd, -1, 1), rnd(r, cl, hd, -1, 1), rnd(r, cl, -1, 1), Activation.TANH, 0.0);
        p("Mlp.loss (constructed)", mlp2.loss(xs, labels));

        // LSTM
        int D = 2, H = 3, T = 8;
        double[][] wx = rnd(r, 4 * H, D, -0.5, 0.5), wh = rnd(r, 4 * H, H, -0.5, 0.5);
        double[] bb = rnd(r, 4 * H, -0.5, 0.5), wOut = rnd(r, H + 1, -0.5, 0.5);
        float[][] seq = new float[T][D];
        for (int t = 0; t < T; t++) for (int j = 0; j < D; j++) seq[t][j] = (float) Math.sin(0.7 * t + j);
        p("LstmForecaster.sequenceLoss", LstmForecaster.sequenceLoss(wx, wh, bb, wOut, seq, 1.0));
        p("LstmForecaster.finalHidden", LstmForecaster.finalHidden(wx, wh, bb, seq, 1.0));

        // Logistic
        int N = 20, P = 4;
        double[][] X = rnd(r, N, P, -3, 3);
        boolean[] y = new boolean[N], held = new boolean[N];
        for (int i = 0; i < N; i++) { y[i] = r.nextBoolean(); held[i] = i % 5 == 0; }
        double[] w = rnd(r, P, -2, 2);
        LogisticRegression lr = new LogisticRegression(w, 0.3, 0.1);
        p("LogisticRegression.negLogLikelihood", lr.negLogLikelihood(X, y));
        p("LogisticRegression.probabilities", lr.probabilities(X));
        p("LogisticRegression.weightedLoss", LogisticRegression.weightedLoss(w, 0.3, X, y, rnd(r, N, 0.5, 2), held, 0.1));
        double[] ones = new double[N]; Arrays.fill(ones, 1.0);
        near("weighted == nll (no holdout, unit weights)", LogisticRegression.weightedLoss(w, 0.3, X, y, ones, new boolean[N], 0.1) * N - 0.5 * 0.1 * LogisticRegression.dot(w, w) * (N - 1), lr.negLogLikelihood(X, y), 1e-12);

        // Poisson
        double[][] Xp = rnd(r, 30, 3, -1, 1);
        long[] counts = new long[30];
        for (int i = 0; i < 30; i++) counts[i] = r.nextInt(21);
        double[] expo = rnd(r, 30, 0.5, 2), beta = rnd(r, 3, -0.5, 0.5);
        near("logGamma(5) = log 24", PoissonRegression.logGamma(5), Math.log(24), 1e-13);
        near("logGamma(0.3) reflection", PoissonRegression.logGamma(0.3), 1.0957979948180756, 1e-12);
        p("PoissonRegression.negLogLikelihood", PoissonRegression.negLogLikelihood(beta, Xp, counts, expo));
        p("PoissonRegression.deviance", PoissonRegression.deviance(beta, Xp, counts, expo));
        p("PoissonRegression.negBinomialNll", PoissonRegression.negBinomialNll(beta, -1.5, Xp, counts, expo));
        p("PoissonRegression.negBinomialNll r<0.5", PoissonRegression.negBinomialNll(beta, 1.5, Xp, counts, expo));

        // GMM
        double[] logits = rnd(r, 3, -1, 1), means = rnd(r, 3, -3, 3), ls = rnd(r, 3, -1, 1), data = rnd(r, 40, -4, 4);
        p("GaussianMixture.logLikelihood", GaussianMixture.logLikelihood(logits, means, ls, data));
        double[] resp = GaussianMixture.responsibilities(logits, means, ls, 0.5);
        p("GaussianMixture.responsibilities", resp);
        near("responsibilities sum", Arrays.stream(resp).sum(), 1, 1e-14);
        p("GaussianMixture.logLikelihood2d", GaussianMixture.logLikelihood2d(logits, rnd(r, 3, 2, -2, 2), rnd(r, 3, 3, -0.5, 0.5), rnd(r, 25, 2, -3, 3)));
        p("GaussianMixture.logMixturePair", GaussianMixture.logMixturePair(1.2, -0.7, 0.3));

        // Kalman
        double[] obs = new double[25];
        for (int t = 0; t < obs.length; t++) obs[t] = 0.3 * t + r.nextGaussian() * 0.5;
        p("KalmanFilter.negLogLikelihood", KalmanFilter.negLogLikelihood(-1, -0.5, 0.5, obs));
        p("KalmanFilter.filteredPositions", KalmanFilter.filteredPositions(-1, -0.5, 0.5, obs));
        double[][] A = rnd(r, 3, 3, -1, 1);
        double[][] Q = KalmanFilter.multiply(A, KalmanFilter.transpose(A));
        for (int i = 0; i < 3; i++) Q[i][i] += 0.01;
        double[][] F = rnd(r, 3, 3, -0.3, 0.3);
        for (int i = 0; i < 3; i++) F[i][i] += 1;
        KalmanFilter kf = new KalmanFilter(F, Q, rnd(r, 3, -1, 1), 0.5, rnd(r, 3, -1, 1), new double[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
        p("KalmanFilter.logLikelihood (instance, n=3)", kf.logLikelihood(rnd(r, 10, -5, 5)));

        // Spline
        double[] kx = {-0.5, 0.1, 0.6, 1.5, 2.0, 2.9}, ky = rnd(r, 6, -2, 2);
        double[] iq = CubicSpline.interpolate(kx, ky, new double[] {-0.3, 0.35, 1.0, 1.77, 2.5});
        p("CubicSpline.interpolate", iq);
        double[] atKnots = CubicSpline.interpolate(kx, ky, kx);
        for (int i = 0; i < kx.length; i++) near("spline through knot " + i, atKnots[i], ky[i], 1e-12);
        p("CubicSpline.integral", CubicSpline.integral(kx, ky));
        near("integral of linear data", CubicSpline.integral(kx, new double[] {1 + 2 * kx[0], 1 + 2 * kx[1], 1 + 2 * kx[2], 1 + 2 * kx[3], 1 + 2 * kx[4], 1 + 2 * kx[5]}), (2.9 + 2.9 * 2.9) - (-0.5 + 0.25), 1e-12);
        p("CubicSpline.smoothingLoss", CubicSpline.smoothingLoss(ky, kx, rnd(r, 15, -0.5, 2.9), rnd(r, 15, -2, 2), 0.1));
        CubicSpline spline = new CubicSpline(kx, ky);
        p("CubicSpline.derivativeAt (instance)", spline.derivativeAt(1.2));
        near("derivativeAt vs FD", spline.derivativeAt(1.2), (spline.evaluate(1.2 + 1e-6) - spline.evaluate(1.2 - 1e-6)) / 2e-6, 1e-6);

        // Sparse
        int[] rowPtr = {0, 2, 4, 7, 9};
        int[] colIdx = {0, 2, 1, 3, 0, 2, 3, 1, 3};
        double[] vals = {5, -1, 4.5, 0.5, -0.7, 4.2, 0.3, 0.9, 5.5};
        double[] bvec = rnd(r, 4, -1, 1);
        double[] xv = rnd(r, 4, -1, 1);
        p("SparseSolvers.spmv", SparseSolvers.spmv(rowPtr, colIdx, vals, xv));
        p("SparseSolvers.ridgeLoss", SparseSolvers.ridgeLoss(xv, rowPtr, colIdx, vals, bvec, 0.1));
        double[] js = SparseSolvers.jacobiSolve(rowPtr, colIdx, vals, bvec, 60);
        p("SparseSolvers.jacobiSolve", js);
        CsrMatrix csr = new CsrMatrix(4, 4, rowPtr, colIdx, vals);
        p("SparseSolvers.residualNorm (jacobi solution)", SparseSolvers.residualNorm(csr, js, bvec));
        p("SparseSolvers.residualNorm", SparseSolvers.residualNorm(csr, xv, bvec));
        int[][] edges = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {1, 3}};
        double[] ew = rnd(r, 5, 0.1, 2), sig = rnd(r, 4, -1, 1);
        double direct = 0;
        for (int k = 0; k < edges.length; k++) direct += ew[k] * Math.pow(sig[edges[k][0]] - sig[edges[k][1]], 2);
        p("SparseSolvers.laplacianEnergy", SparseSolvers.laplacianEnergy(sig, edges, ew));
        near("laplacian energy", SparseSolvers.laplacianEnergy(sig, edges, ew), direct, 1e-12);

        // GP
        double[][] gx = rnd(r, 8, 2, -2, 2);
        double[] gy = rnd(r, 8, -2, 2);
        for (GaussianProcess.Kernel k : GaussianProcess.Kernel.values()) {
            p("GaussianProcess.nlml " + k, GaussianProcess.negLogMarginalLikelihood(0.2, -0.1, -2.5, gx, gy, k));
            p("GaussianProcess.posteriorMean " + k, GaussianProcess.posteriorMean(0.2, -0.1, -2.5, gx, gy, rnd(r, 3, 2, -2, 2), k));
        }

        // FEM
        int E = 4;
        double[] nodeX = {0, 1.1, 1.9, 3.05, 4.0};
        int[][] elems = new int[E][];
        for (int e = 0; e < E; e++) elems[e] = new int[] {e, e + 1};
        boolean[] fixed = new boolean[5]; fixed[0] = true;
        double[] loads = {0, 0.2, -0.3, 0.1, 1.0};
        double[] youngs = rnd(r, E, 0.5, 2), areas = rnd(r, E, 0.5, 2);
        p("FiniteElementBar.displacements LINEAR", FiniteElementBar.displacements(youngs, areas, nodeX, elems, FiniteElementBar.Order.LINEAR, fixed, loads));
        double comp = FiniteElementBar.compliance(youngs, areas, nodeX, elems, FiniteElementBar.Order.LINEAR, fixed, loads);
        p("FiniteElementBar.compliance LINEAR", comp);
        // analytic: tip-loaded chain of springs: u_i = sum_{e<i} N_e / k_e with N_e = sum of loads beyond e
        double[] kk = new double[E];
        for (int e = 0; e < E; e++) kk[e] = youngs[e] * areas[e] / (nodeX[e + 1] - nodeX[e]);
        double uu = 0, cc = 0;
        for (int e = 0; e < E; e++) {
            double force = 0; for (int j = e + 1; j < 5; j++) force += loads[j];
            uu += force / kk[e]; cc += loads[e + 1] * uu;
        }
        near("FEM compliance analytic", comp, cc, 1e-12);
        double[] nodeX2 = new double[2 * E + 1];
        for (int i = 0; i < nodeX2.length; i++) nodeX2[i] = 0.5 * i + (i % 2 == 1 ? 0.02 : 0);
        int[][] elems2 = new int[E][];
        for (int e = 0; e < E; e++) elems2[e] = new int[] {2 * e, 2 * e + 1, 2 * e + 2};
        boolean[] fixed2 = new boolean[2 * E + 1]; fixed2[0] = true;
        double[] loads2 = rnd(r, 2 * E + 1, -1, 1);
        p("FiniteElementBar.compliance QUADRATIC", FiniteElementBar.compliance(youngs, areas, nodeX2, elems2, FiniteElementBar.Order.QUADRATIC, fixed2, loads2));
        p("FiniteElementBar.simpCompliance", FiniteElementBar.simpCompliance(rnd(r, E, 0.2, 1), 3.0, nodeX, elems, FiniteElementBar.Order.LINEAR, fixed, loads));

        // Ray tracer
        double[] sp = {-0.3, 0.1, -4, 0.6, 0.8, 0.5, -0.2, -3.5, 0.4, 0.5};
        double[] light = {0.3, 0.4, 1.0};
        double[] img = RayTracer.render(sp, light, 6, 5);
        p("RayTracer.render", img);
        p("RayTracer.imageLoss", RayTracer.imageLoss(sp, light, rnd(r, 30, 0, 1), 6, 5));
        p("RayTracer.rayHitDistance", RayTracer.rayHitDistance(new Ray(Vec3.of(0, 0, 0), Vec3.of(0.05, -0.02, -1)), Vec3.of(0.1, 0, -4), 0.7));

        // KMeans
        double[][] cent = rnd(r, 3, 2, -3, 3), pts = rnd(r, 20, 2, -3, 3);
        p("KMeans.softCost", KMeans.softCost(cent, pts, 0.5));
        p("KMeans.hardCost", KMeans.hardCost(cent, pts));
        int[] asg = new int[20];
        for (int i = 0; i < 20; i++) asg[i] = KMeans.nearest(cent, pts[i]);
        near("assigned == hard", KMeans.assignedCost(cent, pts, asg), KMeans.hardCost(cent, pts), 1e-14);
        double[][] nc = new double[3][2];
        KMeans.softLloydStep(cent, pts, 0.5, nc);
        p("KMeans.softLloydStep", nc);
        p("KMeans.softCost low T", KMeans.softCost(cent, pts, 0.01));

        // Springs
        double[] stiff = rnd(r, 4, 5, 50), mass = rnd(r, 5, 0.5, 2);
        double[] fin = SpringMassChain.simulate(stiff, mass, 0.5, 1.0, 1.0, 0.005, 300);
        p("SpringMassChain.simulate", fin);
        p("SpringMassChain.totalEnergy", SpringMassChain.totalEnergy(stiff, mass, 0.5, 1.0, 1.0, 0.005, 300));
        Spring[] springs = new Spring[4];
        for (int i = 0; i < 4; i++) springs[i] = new Spring(i, i + 1, 1.0, stiff[i], 0.0);
        p("SpringMassChain.springEnergy", SpringMassChain.springEnergy(fin, springs));
        p("SpringMassChain.fitLoss", SpringMassChain.fitLoss(rnd(r, 4, 5, 50), fin, mass, 0.5, 1.0, 1.0, 0.005, 300));

        // Heston
        HestonParams hp = new HestonParams(0.04, 1.5, 0.05, 0.5, -0.6);
        double hc = HestonPricer.callPrice(100, 105, 0.02, 0.01, 1.0, hp);
        p("HestonPricer.callPrice", hc);
        p("HestonPricer.putPrice", HestonPricer.putPrice(100, 105, 0.02, 0.01, 1.0, hp));
        double hBs = HestonPricer.callPrice(100, 105, 0.02, 0.01, 1.0, new HestonParams(0.04, 1.0, 0.04, 0.01, 0.0));
        near("Heston -> BS when sigma -> 0", hBs, BlackScholes.price(OptionType.CALL, 100, 105, 0.02, 0.01, 0.2, 1.0), 1e-4);
        near("Heston short expiry low vol -> BS", HestonPricer.callPrice(100, 95, 0.02, 0.0, 0.25, new HestonParams(0.02, 1.0, 0.02, 0.01, 0.0)), BlackScholes.price(OptionType.CALL, 100, 95, 0.02, 0.0, Math.sqrt(0.02), 0.25), 1e-4);
        p("HestonPricer.callPriceFlat", HestonPricer.callPriceFlat(100, 90, 0.5, 0.03, 0.05, 2.0, 0.04, 0.3, -0.7));
        // reference value (Albrecher et al. / common test): S=100,K=100,T=1,r=0,q=0,v0=0.04,kappa=1.5,theta=0.04,sigma=0.3,rho=-0.9 -> about 7.7
        p("HestonPricer.callPrice reference-ish", HestonPricer.callPrice(100, 100, 0.0, 0.0, 1.0, new HestonParams(0.04, 1.5, 0.04, 0.3, -0.9)));
        p("HestonPricer.calibrationLoss", HestonPricer.calibrationLoss(new double[] {0.04, 1.5, 0.05, 0.5, -0.6}, 100, 0.02, new double[] {90, 100, 110}, new double[] {0.5, 1, 2}, new double[] {14, 9, 10}));

        // RPN
        double[] vars = {0.3, -0.7, 0.5};
        near("rpn 1", RpnFormula.evaluate("x0 x1 * sin x2 exp +", vars), Math.sin(0.3 * -0.7) + Math.exp(0.5), 1e-15);
        p("RpnFormula.evaluate", RpnFormula.evaluate("x0 x1 * sin x2 exp +", vars));
        near("rpn 2", RpnFormula.evaluate("x0 dup * x1 swap / 1.5 ^", new double[] {1.3, 0.8}), Math.pow(0.8 / (1.3 * 1.3), 1.5), 1e-15);
        near("rpn 3", RpnFormula.evaluate("x0 log x1 tanh neg -", new double[] {2.0, 0.4}), Math.log(2) + Math.tanh(0.4), 1e-15);
        near("rpn 4", RpnFormula.evaluate("x0 sq x1 sq + sqrt", new double[] {3, 4}), 5, 1e-15);
        double[] rx = rnd(r, 10, -1, 1), ry = new double[10];
        for (int i = 0; i < 10; i++) ry[i] = Math.exp(0.4 * rx[i]) - 0.2;
        p("RpnFormula.fitLoss", RpnFormula.fitLoss(new double[] {0.1, 0.3}, "c0 x0 * exp c1 +", rx, ry));
        near("fitLoss at truth", RpnFormula.fitLoss(new double[] {0.4, -0.2}, "c0 x0 * exp c1 +", rx, ry), 0, 1e-20);

        // Reaction kinetics
        double[] lpe = {14, 15, 14.5}, eact = {5e4, 5.5e4, 4.5e4};
        for (String m : new String[] {"euler", "Heun", "ralston", "rk4"}) {
            p("ReactionKinetics.finalConcentrations " + m, ReactionKinetics.finalConcentrations(lpe, eact, 350, new double[] {1, 0, 0, 0}, 5, 200, m));
        }
        p("ReactionKinetics.fitLoss", ReactionKinetics.fitLoss(lpe, eact, 350, new double[] {1, 0.1, 0, 0}, new double[] {0.2, 0.3, 0.3, 0.1}, 5, 200, "heun"));
        p("ReactionKinetics.intermediateYield", ReactionKinetics.intermediateYield(345, lpe, eact, 5, 200));
        double[] kin = ReactionKinetics.integrate(new double[] {0.3, 0.2, 0}, new double[] {1, 0, 0, 0}, ReactionKinetics.DEFAULT_STOICHIOMETRY, ReactionKinetics.DEFAULT_ORDERS, 3, 300, "classic");
        p("ReactionKinetics.integrate", kin);
        near("A->B->C analytic", kin[1], 0.3 / (0.2 - 0.3) * (Math.exp(-0.3 * 3) - Math.exp(-0.2 * 3)), 1e-9);

        // expected exceptions
        int thrown = 0;
        try { BlackScholes.price(OptionType.CALL, 100, 100, 0, 0, -0.1, 1); } catch (IllegalArgumentException e) { thrown++; System.out.println("  threw: " + e.getMessage()); }
        try { RpnFormula.evaluate("x0 +", vars); } catch (IllegalStateException e) { thrown++; System.out.println("  threw: " + e.getMessage()); }
        try { OptionType.parse("straddle"); } catch (IllegalArgumentException e) { thrown++; System.out.println("  threw: " + e.getMessage()); }
        try { HeatEquation1D.step(u0, kappa, dx, 0.01, BoundaryCondition.PERIODIC, new double[n]); } catch (IllegalArgumentException e) { thrown++; System.out.println("  threw: " + e.getMessage()); }
        if (thrown != 4) throw new AssertionError("expected 4 exceptions, got " + thrown);
        System.out.println("ALL OK: " + count + " entry-point evaluations");
    }
}
