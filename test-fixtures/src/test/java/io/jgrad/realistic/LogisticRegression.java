package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * L2-regularised logistic regression as a small model object: weights, intercept and penalty are
 * fields, and the negative log-likelihood is an instance method over a design matrix and boolean
 * outcomes. Also a static variant with a per-observation weight and a boolean mask of held-out rows.
 *
 * <p>Smooth everywhere ({@code log1pExp} switches formula at 0, but both branches are the same
 * analytic function). Arguments: D in [1, 8], N in [1, 30]; weights in [-2, 2], intercept in [-1, 1],
 * l2 in [0, 1]; x N x D in [-3, 3]; y random booleans; sampleWeights in [0.5, 2]; heldOut random
 * booleans (at least one false).
 *
 * <p>Entry points: instance {@link #negLogLikelihood}(x, y) on
 * {@code new LogisticRegression(weights, intercept, l2)} (differentiable in the fields and x);
 * static {@link #weightedLoss}(weights, intercept, x, y, sampleWeights, heldOut, l2); instance
 * {@link #probabilities}(x) returning N probabilities.
 */
public final class LogisticRegression {

    private final double[] weights;
    private double intercept;
    private final double l2;

    public LogisticRegression(double[] weights, double intercept, double l2) {
        if (l2 < 0) {
            throw new IllegalArgumentException("negative L2 penalty " + l2);
        }
        this.weights = weights;
        this.intercept = intercept;
        this.l2 = l2;
    }

    public double[] weights() {
        return weights;
    }

    public double intercept() {
        return intercept;
    }

    public void setIntercept(double intercept) {
        this.intercept = intercept;
    }

    /** log(1 + exp(z)) without overflow. */
    static double log1pExp(double z) {
        if (z > 0) {
            return z + Math.log1p(Math.exp(-z));
        }
        return Math.log1p(Math.exp(z));
    }

    static double dot(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("length mismatch: " + a.length + " vs " + b.length);
        }
        double s = 0.0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    double linearPredictor(double[] row) {
        return intercept + dot(weights, row);
    }

    @Grad
    public double negLogLikelihood(double[][] x, boolean[] y) {
        double nll = 0.0;
        for (int i = 0; i < x.length; i++) {
            double z = linearPredictor(x[i]);
            // -log p(y | z) = log(1 + e^z) - y z
            nll += log1pExp(z) - (y[i] ? z : 0.0);
        }
        return nll + 0.5 * l2 * dot(weights, weights);
    }

    @Grad
    public double[] probabilities(double[][] x) {
        double[] p = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            p[i] = 1.0 / (1.0 + Math.exp(-linearPredictor(x[i])));
        }
        return p;
    }

    @Grad
    public static double weightedLoss(double[] weights, double intercept, double[][] x, boolean[] y,
                                      double[] sampleWeights, boolean[] heldOut, double l2) {
        LogisticRegression model = new LogisticRegression(weights, intercept, l2);
        double total = 0.0;
        double weightSum = 0.0;
        for (int i = 0; i < x.length; i++) {
            if (heldOut[i]) {
                continue;
            }
            double z = model.linearPredictor(x[i]);
            double sign = y[i] ? -1.0 : 1.0;
            total += sampleWeights[i] * log1pExp(sign * z);
            weightSum += sampleWeights[i];
        }
        if (weightSum == 0.0) {
            throw new IllegalArgumentException("every observation is held out");
        }
        return total / weightSum + 0.5 * l2 * dot(weights, weights);
    }
}
