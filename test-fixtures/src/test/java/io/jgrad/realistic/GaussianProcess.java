package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Gaussian-process regression with a stationary kernel: the negative log marginal likelihood via a
 * Cholesky factorisation (the standard hyperparameter-fitting objective) and the posterior mean at
 * test points.
 *
 * <p>Smoothness: smooth in the log-hyperparameters, in y, and in the inputs x as long as no two
 * distinct training points coincide (for the Matern kernels r = |x_i - x_j| has a kink at 0; the
 * diagonal is handled exactly). Arguments: N in [1, 12] points of dimension D in [1, 3], x in
 * [-2, 2] (distinct, pairwise distance >= 0.05), y in [-2, 2]; logLengthscale in [-1, 1],
 * logSignalVar in [-1, 1], logNoiseVar in [-4, -1] (keeps K well conditioned); any {@link Kernel}.
 * Test points xStar M x D in [-2, 2], M in [1, 8], not equal to any training point.
 *
 * <p>Entry points: {@link #negLogMarginalLikelihood}(logLengthscale, logSignalVar, logNoiseVar, x, y,
 * kernel) and {@link #posteriorMean}(logLengthscale, logSignalVar, logNoiseVar, x, y, xStar, kernel).
 */
public final class GaussianProcess {

    public enum Kernel { RBF, MATERN32, MATERN52 }

    private GaussianProcess() {}

    static final double HALF_LOG_2PI = 0.5 * Math.log(2.0 * Math.PI);
    static final double SQRT3 = Math.sqrt(3.0);
    static final double SQRT5 = Math.sqrt(5.0);

    static double squaredDistance(double[] a, double[] b) {
        double s = 0.0;
        for (int i = 0; i < a.length; i++) {
            double d = a[i] - b[i];
            s += d * d;
        }
        return s;
    }

    static double kernel(Kernel kind, double r2, double lengthscale, double signalVar) {
        if (r2 == 0.0) {
            return signalVar;
        }
        double s2 = r2 / (lengthscale * lengthscale);
        switch (kind) {
            case RBF:
                return signalVar * Math.exp(-0.5 * s2);
            case MATERN32: {
                double a = SQRT3 * Math.sqrt(s2);
                return signalVar * (1.0 + a) * Math.exp(-a);
            }
            case MATERN52: {
                double a = SQRT5 * Math.sqrt(s2);
                return signalVar * (1.0 + a + a * a / 3.0) * Math.exp(-a);
            }
            default:
                throw new IllegalArgumentException("unknown kernel " + kind);
        }
    }

    static double[][] covariance(Kernel kind, double[][] x, double lengthscale, double signalVar, double noiseVar) {
        int n = x.length;
        double[][] k = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double v = kernel(kind, squaredDistance(x[i], x[j]), lengthscale, signalVar);
                k[i][j] = v;
                k[j][i] = v;
            }
            k[i][i] += noiseVar;
        }
        return k;
    }

    /** Lower-triangular L with L L^T = a; throws if a is not positive definite. */
    static double[][] cholesky(double[][] a) {
        int n = a.length;
        double[][] l = new double[n][n];
        for (int j = 0; j < n; j++) {
            double d = a[j][j];
            for (int k = 0; k < j; k++) {
                d -= l[j][k] * l[j][k];
            }
            if (d <= 0.0) {
                throw new ArithmeticException("matrix not positive definite at pivot " + j + " (" + d + ")");
            }
            l[j][j] = Math.sqrt(d);
            for (int i = j + 1; i < n; i++) {
                double s = a[i][j];
                for (int k = 0; k < j; k++) {
                    s -= l[i][k] * l[j][k];
                }
                l[i][j] = s / l[j][j];
            }
        }
        return l;
    }

    /** Solves L z = b (forward substitution). */
    static double[] forwardSubstitute(double[][] l, double[] b) {
        int n = b.length;
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
            double s = b[i];
            for (int k = 0; k < i; k++) {
                s -= l[i][k] * z[k];
            }
            z[i] = s / l[i][i];
        }
        return z;
    }

    /** Solves L^T x = z (back substitution). */
    static double[] backSubstitute(double[][] l, double[] z) {
        int n = z.length;
        double[] x = new double[n];
        for (int i = n - 1; i >= 0; i--) {
            double s = z[i];
            for (int k = i + 1; k < n; k++) {
                s -= l[k][i] * x[k];
            }
            x[i] = s / l[i][i];
        }
        return x;
    }

    @Grad
    public static double negLogMarginalLikelihood(double logLengthscale, double logSignalVar, double logNoiseVar,
                                                  double[][] x, double[] y, Kernel kernel) {
        if (x.length != y.length) {
            throw new IllegalArgumentException(x.length + " inputs but " + y.length + " targets");
        }
        double[][] k = covariance(kernel, x, Math.exp(logLengthscale), Math.exp(logSignalVar), Math.exp(logNoiseVar));
        double[][] l = cholesky(k);
        double[] z = forwardSubstitute(l, y);
        double quad = 0.0;
        double logDet = 0.0;
        for (int i = 0; i < y.length; i++) {
            quad += z[i] * z[i];
            logDet += Math.log(l[i][i]);
        }
        return 0.5 * quad + logDet + y.length * HALF_LOG_2PI;
    }

    @Grad
    public static double[] posteriorMean(double logLengthscale, double logSignalVar, double logNoiseVar,
                                         double[][] x, double[] y, double[][] xStar, Kernel kernel) {
        double lengthscale = Math.exp(logLengthscale);
        double signalVar = Math.exp(logSignalVar);
        double[][] l = cholesky(covariance(kernel, x, lengthscale, signalVar, Math.exp(logNoiseVar)));
        double[] alpha = backSubstitute(l, forwardSubstitute(l, y));
        double[] mean = new double[xStar.length];
        for (int m = 0; m < xStar.length; m++) {
            for (int i = 0; i < x.length; i++) {
                mean[m] += kernel(kernel, squaredDistance(xStar[m], x[i]), lengthscale, signalVar) * alpha[i];
            }
        }
        return mean;
    }
}
