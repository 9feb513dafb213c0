package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * A tiny convolutional regressor: a bank of 3x3 filters applied ("valid" cross-correlation) to each
 * single-channel image of a batch, tanh, global average pooling per filter, then a linear read-out.
 * The batch of images is a {@code double[][][]} ({@code images[b][row][col]}), and the filter bank a
 * {@code double[][][]} too ({@code filters[f][i][j]}).
 *
 * <p>Smooth everywhere (tanh, no max-pooling). Arguments: batch size B in [1, 6]; images of size
 * H x W with H, W in [3, 10], values in [0, 1]; filters F in [1, 4], each 3x3, values in [-0.5, 0.5];
 * biases length F in [-0.1, 0.1]; readout length F in [-1, 1]; targets length B in [-1, 1].
 *
 * <p>Entry points: {@link #loss}(filters, biases, readout, images, targets) — mean squared error;
 * {@link #featureMaps}(filters, biases, image) — the F pooled features of one image as a double[];
 * {@link #smoothnessPenalty}(filters) — total variation-like penalty on the filters, sum of squared
 * differences of neighbouring taps.
 */
public final class ConvRegression {

    private ConvRegression() {}

    static final int K = 3;

    /** Valid cross-correlation of one image with one 3x3 filter, plus bias. */
    static double[][] correlate(double[][] image, double[][] filter, double bias) {
        int h = image.length - K + 1;
        int w = image[0].length - K + 1;
        if (h <= 0 || w <= 0) {
            throw new IllegalArgumentException("image smaller than the " + K + "x" + K + " filter");
        }
        double[][] out = new double[h][w];
        for (int r = 0; r < h; r++) {
            for (int c = 0; c < w; c++) {
                double acc = bias;
                for (int i = 0; i < K; i++) {
                    for (int j = 0; j < K; j++) {
                        acc += filter[i][j] * image[r + i][c + j];
                    }
                }
                out[r][c] = acc;
            }
        }
        return out;
    }

    static double meanTanh(double[][] map) {
        double sum = 0.0;
        int count = 0;
        for (double[] row : map) {
            for (double v : row) {
                sum += Math.tanh(v);
                count++;
            }
        }
        return sum / count;
    }

    @Grad
    public static double[] featureMaps(double[][][] filters, double[] biases, double[][] image) {
        double[] features = new double[filters.length];
        for (int f = 0; f < filters.length; f++) {
            features[f] = meanTanh(correlate(image, filters[f], biases[f]));
        }
        return features;
    }

    @Grad
    public static double loss(double[][][] filters, double[] biases, double[] readout, double[][][] images,
                              double[] targets) {
        int batch = images.length;
        // activations for the whole batch: activations[b][f][r][c] would be 4-D; keep the pooled ones
        double[][][] maps = new double[filters.length][][];
        double total = 0.0;
        for (int b = 0; b < batch; b++) {
            for (int f = 0; f < filters.length; f++) {
                maps[f] = correlate(images[b], filters[f], biases[f]);
            }
            double prediction = 0.0;
            for (int f = 0; f < filters.length; f++) {
                prediction += readout[f] * meanTanh(maps[f]);
            }
            double err = prediction - targets[b];
            total += err * err;
        }
        return total / batch;
    }

    @Grad
    public static double smoothnessPenalty(double[][][] filters) {
        double penalty = 0.0;
        for (double[][] filter : filters) {
            for (int i = 0; i < K; i++) {
                for (int j = 0; j < K; j++) {
                    if (i + 1 < K) {
                        double d = filter[i + 1][j] - filter[i][j];
                        penalty += d * d;
                    }
                    if (j + 1 < K) {
                        double d = filter[i][j + 1] - filter[i][j];
                        penalty += d * d;
                    }
                }
            }
        }
        return penalty;
    }
}
