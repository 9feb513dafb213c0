package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * A linear-Gaussian Kalman filter with scalar observations, written as a model object (transition
 * F, process noise Q, observation row H, observation variance R, prior mean and covariance) with a
 * log-likelihood method, plus the usual maximum-likelihood objective for a constant-velocity
 * tracker with log-parameterised noise levels.
 *
 * <p>Smooth for positive definite Q, P0 and R > 0 (always so with the exp parameterisation).
 * Arguments: state dimension 2 (constant velocity) or any n in [1, 4] for the object form; for the
 * object form build F n x n in [-1, 1] plus identity, Q = A A^T + 0.01 I, H length n in [-1, 1],
 * R in [0.1, 2], x0 length n in [-1, 1], P0 = I. dt in [0.1, 1]; logQ, logR in [-3, 1];
 * observations length T in [1, 40], values in [-5, 5] (e.g. a noisy line).
 *
 * <p>Entry points: instance {@link #logLikelihood}(observations) on {@code new KalmanFilter(f, q, h,
 * r, x0, p0)} (differentiable in the observations and in the object's matrices);
 * static {@link #negLogLikelihood}(logQ, logR, dt, observations); static
 * {@link #filteredPositions}(logQ, logR, dt, observations) returning T filtered positions.
 */
public final class KalmanFilter {

    static final double LOG_2PI = Math.log(2.0 * Math.PI);

    private final double[][] f;
    private final double[][] q;
    private final double[] h;
    private final double r;
    private final double[] x0;
    private final double[][] p0;

    public KalmanFilter(double[][] f, double[][] q, double[] h, double r, double[] x0, double[][] p0) {
        int n = x0.length;
        if (f.length != n || q.length != n || h.length != n || p0.length != n) {
            throw new IllegalArgumentException("all model matrices must have dimension " + n);
        }
        if (r <= 0) {
            throw new IllegalArgumentException("observation variance must be positive: " + r);
        }
        this.f = f;
        this.q = q;
        this.h = h;
        this.r = r;
        this.x0 = x0;
        this.p0 = p0;
    }

    /** Position/velocity tracker: white-noise acceleration with intensity q, position measured with variance r. */
    public static KalmanFilter constantVelocity(double dt, double q, double r) {
        double[][] f = {{1.0, dt}, {0.0, 1.0}};
        double[][] qm = {
            {q * dt * dt * dt / 3.0, q * dt * dt / 2.0},
            {q * dt * dt / 2.0, q * dt}
        };
        double[] h = {1.0, 0.0};
        double[] x0 = {0.0, 0.0};
        double[][] p0 = {{10.0, 0.0}, {0.0, 10.0}};
        return new KalmanFilter(f, qm, h, r, x0, p0);
    }

    static double[] multiply(double[][] a, double[] x) {
        double[] y = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < x.length; j++) {
                y[i] += a[i][j] * x[j];
            }
        }
        return y;
    }

    static double[][] multiply(double[][] a, double[][] b) {
        int n = a.length;
        int m = b[0].length;
        double[][] c = new double[n][m];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < b.length; k++) {
                double aik = a[i][k];
                for (int j = 0; j < m; j++) {
                    c[i][j] += aik * b[k][j];
                }
            }
        }
        return c;
    }

    static double[][] transpose(double[][] a) {
        double[][] t = new double[a[0].length][a.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                t[j][i] = a[i][j];
            }
        }
        return t;
    }

    static double[][] plus(double[][] a, double[][] b) {
        double[][] c = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = new double[a[i].length];
            for (int j = 0; j < a[i].length; j++) {
                c[i][j] = a[i][j] + b[i][j];
            }
        }
        return c;
    }

    /** Runs the filter; if {@code filtered} is not null, stores the first state component after each update. */
    private double run(double[] observations, double[] filtered) {
        double[] x = x0.clone();
        double[][] p = new double[p0.length][];
        for (int i = 0; i < p0.length; i++) {
            p[i] = p0[i].clone();
        }
        double[][] ft = transpose(f);
        double ll = 0.0;
        for (int t = 0; t < observations.length; t++) {
            // predict
            x = multiply(f, x);
            p = plus(multiply(multiply(f, p), ft), q);
            // update with the scalar observation
            double[] ph = multiply(p, h);
            double s = LogisticRegression.dot(h, ph) + r;
            double innovation = observations[t] - LogisticRegression.dot(h, x);
            ll -= 0.5 * (LOG_2PI + Math.log(s) + innovation * innovation / s);
            int n = x.length;
            double[] gain = new double[n];
            for (int i = 0; i < n; i++) {
                gain[i] = ph[i] / s;
                x[i] += gain[i] * innovation;
            }
            // Joseph form would be more robust; the simple form is what most code does
            double[][] updated = new double[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    updated[i][j] = p[i][j] - gain[i] * ph[j];
                }
            }
            p = updated;
            if (filtered != null) {
                filtered[t] = x[0];
            }
        }
        return ll;
    }

    @Grad
    public double logLikelihood(double[] observations) {
        return run(observations, null);
    }

    @Grad
    public static double negLogLikelihood(double logQ, double logR, double dt, double[] observations) {
        KalmanFilter kf = constantVelocity(dt, Math.exp(logQ), Math.exp(logR));
        return -kf.logLikelihood(observations);
    }

    @Grad
    public static double[] filteredPositions(double logQ, double logR, double dt, double[] observations) {
        double[] out = new double[observations.length];
        constantVelocity(dt, Math.exp(logQ), Math.exp(logR)).run(observations, out);
        return out;
    }
}
