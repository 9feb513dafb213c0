package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Log-likelihood of Gaussian mixture models: univariate with softmax-parameterised weights and
 * log-standard-deviations, and bivariate with full covariances parameterised by their Cholesky
 * factors (log-diagonal). Uses the usual log-sum-exp helpers, overloaded for an array and a pair.
 *
 * <p>Smooth everywhere (the max in log-sum-exp cancels analytically; ties are harmless). Arguments:
 * K components in [1, 5]; logits in [-1, 1]; means in [-3, 3]; logSigmas in [-1, 1]; data N in
 * [1, 50] points in [-4, 4]. Bivariate: means K x 2 in [-2, 2]; chol K x 3 = {log l11, l21, log l22}
 * in [-0.5, 0.5]; data N x 2 in [-3, 3].
 *
 * <p>Entry points: {@link #logLikelihood}(logits, means, logSigmas, data),
 * {@link #logLikelihood2d}(logits, means, chol, data), {@link #responsibilities}(logits, means,
 * logSigmas, x) returning K posterior probabilities for one point, {@link #logMixturePair}(a, b, w)
 * = log(w e^a + (1-w) e^b) for w in (0.05, 0.95), a, b in [-5, 5].
 */
public final class GaussianMixture {

    private GaussianMixture() {}

    static final double LOG_2PI = Math.log(2.0 * Math.PI);

    public static double logSumExp(double[] v) {
        double max = Double.NEGATIVE_INFINITY;
        for (double x : v) {
            max = Math.max(max, x);
        }
        if (max == Double.NEGATIVE_INFINITY) {
            return max;
        }
        double sum = 0.0;
        for (double x : v) {
            sum += Math.exp(x - max);
        }
        return max + Math.log(sum);
    }

    public static double logSumExp(double a, double b) {
        double max = Math.max(a, b);
        return max + Math.log(Math.exp(a - max) + Math.exp(b - max));
    }

    static double[] logSoftmax(double[] logits) {
        double norm = logSumExp(logits);
        double[] out = new double[logits.length];
        for (int k = 0; k < logits.length; k++) {
            out[k] = logits[k] - norm;
        }
        return out;
    }

    private static Gaussian1D[] components(double[] means, double[] logSigmas) {
        if (means.length != logSigmas.length) {
            throw new IllegalArgumentException("means and logSigmas differ in length");
        }
        Gaussian1D[] g = new Gaussian1D[means.length];
        for (int k = 0; k < g.length; k++) {
            g[k] = Gaussian1D.withLogSigma(means[k], logSigmas[k]);
        }
        return g;
    }

    @Grad
    public static double logLikelihood(double[] logits, double[] means, double[] logSigmas, double[] data) {
        double[] logWeights = logSoftmax(logits);
        Gaussian1D[] comps = components(means, logSigmas);
        double[] terms = new double[comps.length];
        double ll = 0.0;
        for (double x : data) {
            for (int k = 0; k < comps.length; k++) {
                terms[k] = logWeights[k] + comps[k].logPdf(x);
            }
            ll += logSumExp(terms);
        }
        return ll;
    }

    @Grad
    public static double[] responsibilities(double[] logits, double[] means, double[] logSigmas, double x) {
        double[] logWeights = logSoftmax(logits);
        Gaussian1D[] comps = components(means, logSigmas);
        double[] r = new double[comps.length];
        for (int k = 0; k < r.length; k++) {
            r[k] = logWeights[k] + comps[k].logPdf(x);
        }
        double norm = logSumExp(r);
        for (int k = 0; k < r.length; k++) {
            r[k] = Math.exp(r[k] - norm);
        }
        return r;
    }

    /** log N(x; mu, L L^T) for a 2x2 lower-triangular L = [[e^a, 0], [b, e^c]]. */
    static double logPdf2d(double x0, double x1, double[] mu, double[] chol) {
        double l11 = Math.exp(chol[0]);
        double l21 = chol[1];
        double l22 = Math.exp(chol[2]);
        // solve L z = x - mu
        double z0 = (x0 - mu[0]) / l11;
        double z1 = (x1 - mu[1] - l21 * z0) / l22;
        double logDet = 2.0 * (chol[0] + chol[2]);
        return -LOG_2PI - 0.5 * logDet - 0.5 * (z0 * z0 + z1 * z1);
    }

    @Grad
    public static double logLikelihood2d(double[] logits, double[][] means, double[][] chol, double[][] data) {
        int k = logits.length;
        double[] logWeights = logSoftmax(logits);
        double ll = 0.0;
        for (double[] point : data) {
            double acc = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < k; j++) {
                double term = logWeights[j] + logPdf2d(point[0], point[1], means[j], chol[j]);
                acc = j == 0 ? term : logSumExp(acc, term);
            }
            ll += acc;
        }
        return ll;
    }

    @Grad
    public static double logMixturePair(double a, double b, double w) {
        return logSumExp(Math.log(w) + a, Math.log1p(-w) + b);
    }
}
