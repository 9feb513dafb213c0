package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * A two-layer perceptron classifier with a configurable hidden activation and a softmax
 * cross-entropy loss over integer class labels, plus L2 weight decay.
 *
 * <p>Smooth for the smooth activations (TANH, SIGMOID, SOFTPLUS, SWISH); with RELU the loss has kinks
 * where a hidden pre-activation is exactly 0 (avoid or skip RELU in gradient checks). Arguments:
 * input dimension D in [1, 6], hidden H in [1, 8], classes C in [2, 5], batch N in [1, 10]; weights
 * in [-1, 1] (w1 is H x D, b1 length H, w2 is C x H, b2 length C); x is N x D in [-2, 2]; labels are
 * ints in [0, C); weightDecay in [0, 0.1].
 *
 * <p>Entry points:
 * <ul>
 *   <li>instance {@link #loss}(x, labels) on {@code new Mlp(w1, b1, w2, b2, activation, weightDecay)}
 *       — differentiable in the model's weights (fields) and in x;
 *   <li>static {@link #lossFlat}(theta, x, labels, hidden, classes, activation, weightDecay) — all
 *       weights in one vector {@code theta} of length H*D + H + C*H + C in the order w1 (row-major),
 *       b1, w2 (row-major), b2; builds an {@code Mlp} internally;
 *   <li>instance {@link #logits}(input) — the C logits for one input of length D.
 * </ul>
 */
public final class Mlp {

    final double[][] w1;
    final double[] b1;
    final double[][] w2;
    final double[] b2;
    final Activation activation;
    final double weightDecay;

    public Mlp(double[][] w1, double[] b1, double[][] w2, double[] b2, Activation activation, double weightDecay) {
        if (w1.length != b1.length || w2.length != b2.length || w2[0].length != w1.length) {
            throw new IllegalArgumentException("inconsistent layer shapes: w1 " + w1.length + "x" + w1[0].length
                    + ", b1 " + b1.length + ", w2 " + w2.length + "x" + w2[0].length + ", b2 " + b2.length);
        }
        this.w1 = w1;
        this.b1 = b1;
        this.w2 = w2;
        this.b2 = b2;
        this.activation = activation;
        this.weightDecay = weightDecay;
    }

    /** Unpacks a flat parameter vector (w1 row-major, b1, w2 row-major, b2). */
    public static Mlp fromFlat(double[] theta, int inputs, int hidden, int classes, Activation activation,
                               double weightDecay) {
        int expected = hidden * inputs + hidden + classes * hidden + classes;
        if (theta.length != expected) {
            throw new IllegalArgumentException("expected " + expected + " parameters, got " + theta.length);
        }
        int k = 0;
        double[][] w1 = new double[hidden][inputs];
        for (int i = 0; i < hidden; i++) {
            for (int j = 0; j < inputs; j++) {
                w1[i][j] = theta[k++];
            }
        }
        double[] b1 = new double[hidden];
        for (int i = 0; i < hidden; i++) {
            b1[i] = theta[k++];
        }
        double[][] w2 = new double[classes][hidden];
        for (int i = 0; i < classes; i++) {
            for (int j = 0; j < hidden; j++) {
                w2[i][j] = theta[k++];
            }
        }
        double[] b2 = new double[classes];
        System.arraycopy(theta, k, b2, 0, classes);
        return new Mlp(w1, b1, w2, b2, activation, weightDecay);
    }

    int numClasses() {
        return b2.length;
    }

    static double[] affine(double[][] w, double[] b, double[] x) {
        double[] y = b.clone();
        for (int i = 0; i < w.length; i++) {
            for (int j = 0; j < x.length; j++) {
                y[i] += w[i][j] * x[j];
            }
        }
        return y;
    }

    private double[] hidden(double[] input) {
        double[] h = affine(w1, b1, input);
        for (int i = 0; i < h.length; i++) {
            h[i] = activation.apply(h[i]);
        }
        return h;
    }

    @Grad
    public double[] logits(double[] input) {
        return affine(w2, b2, hidden(input));
    }

    /** Index of the largest entry (first one on ties). */
    static int argmax(double[] v) {
        int best = 0;
        for (int i = 1; i < v.length; i++) {
            if (v[i] > v[best]) {
                best = i;
            }
        }
        return best;
    }

    public int predict(double[] input) {
        return argmax(logits(input));
    }

    /** -log softmax(z)[label], computed stably. */
    static double crossEntropy(double[] z, int label) {
        double max = z[argmax(z)];
        double sum = 0.0;
        for (double v : z) {
            sum += Math.exp(v - max);
        }
        return Math.log(sum) + max - z[label];
    }

    private static double sumSquares(double[] v) {
        double s = 0.0;
        for (double x : v) {
            s += x * x;
        }
        return s;
    }

    private static double sumSquares(double[][] m) {
        double s = 0.0;
        for (double[] row : m) {
            s += sumSquares(row);
        }
        return s;
    }

    @Grad
    public double loss(double[][] x, int[] labels) {
        if (x.length != labels.length) {
            throw new IllegalArgumentException(x.length + " inputs but " + labels.length + " labels");
        }
        double total = 0.0;
        for (int n = 0; n < x.length; n++) {
            int label = labels[n];
            if (label < 0 || label >= numClasses()) {
                throw new IllegalArgumentException("label " + label + " out of range [0, " + numClasses() + ")");
            }
            total += crossEntropy(this.logits(x[n]), label);
        }
        double decay = 0.5 * weightDecay * (sumSquares(w1) + sumSquares(w2));
        return total / x.length + decay;
    }

    @Grad
    public static double lossFlat(double[] theta, double[][] x, int[] labels, int hidden, int classes,
                                  Activation activation, double weightDecay) {
        Mlp model = fromFlat(theta, x[0].length, hidden, classes, activation, weightDecay);
        return model.loss(x, labels);
    }
}
