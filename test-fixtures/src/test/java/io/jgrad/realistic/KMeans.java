package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * k-means objectives: the soft (annealed) cost {@code -T sum_i log sum_k exp(-|x_i - c_k|^2 / T)},
 * the hard cost with nearest-centroid assignment, the cost under a fixed assignment, and one soft
 * Lloyd update written into an output matrix.
 *
 * <p>Smoothness: the soft cost and the soft Lloyd step are smooth for temperature > 0. The hard cost
 * is piecewise smooth: it has kinks where a point is equidistant from two centroids, so generate
 * centroids and points such that each point's two nearest centroids differ in squared distance by at
 * least 1e-3 (or use {@link #assignedCost} with the assignment computed beforehand). Arguments: K in
 * [1, 5] centroids and N in [1, 30] points in dimension D in [1, 3], coordinates in [-3, 3];
 * temperature in [0.1, 2]; assignment ints in [0, K).
 *
 * <p>Entry points: {@link #softCost}(centroids, points, temperature), {@link #hardCost}(centroids,
 * points), {@link #assignedCost}(centroids, points, assignment), {@link #softLloydStep}(centroids,
 * points, temperature, newCentroids) — void; writes K x D new centroids into {@code newCentroids}.
 */
public final class KMeans {

    private KMeans() {}

    static double squaredDistance(double[] a, double[] b) {
        double s = 0.0;
        for (int i = 0; i < a.length; i++) {
            double d = a[i] - b[i];
            s += d * d;
        }
        return s;
    }

    /** Index of the centroid nearest to {@code point}. */
    static int nearest(double[][] centroids, double[] point) {
        int best = -1;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int k = 0; k < centroids.length; k++) {
            double d = squaredDistance(centroids[k], point);
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        return best;
    }

    private static void checkDimensions(double[][] centroids, double[][] points) {
        if (centroids.length == 0) {
            throw new IllegalArgumentException("need at least one centroid");
        }
        for (double[] p : points) {
            if (p.length != centroids[0].length) {
                throw new IllegalArgumentException("point of dimension " + p.length + ", centroids of dimension "
                        + centroids[0].length);
            }
        }
    }

    @Grad
    public static double softCost(double[][] centroids, double[][] points, double temperature) {
        checkDimensions(centroids, points);
        if (temperature <= 0) {
            throw new IllegalArgumentException("temperature must be positive: " + temperature);
        }
        double[] scores = new double[centroids.length];
        double cost = 0.0;
        for (double[] x : points) {
            for (int k = 0; k < centroids.length; k++) {
                scores[k] = -squaredDistance(x, centroids[k]) / temperature;
            }
            cost -= temperature * GaussianMixture.logSumExp(scores);
        }
        return cost;
    }

    @Grad
    public static double hardCost(double[][] centroids, double[][] points) {
        checkDimensions(centroids, points);
        double cost = 0.0;
        for (double[] x : points) {
            cost += squaredDistance(x, centroids[nearest(centroids, x)]);
        }
        return cost;
    }

    @Grad
    public static double assignedCost(double[][] centroids, double[][] points, int[] assignment) {
        double cost = 0.0;
        for (int i = 0; i < points.length; i++) {
            int k = assignment[i];
            if (k < 0 || k >= centroids.length) {
                throw new IllegalArgumentException("point " + i + " assigned to missing cluster " + k);
            }
            cost += squaredDistance(points[i], centroids[k]);
        }
        return cost;
    }

    @Grad
    public static void softLloydStep(double[][] centroids, double[][] points, double temperature,
                                     double[][] newCentroids) {
        checkDimensions(centroids, points);
        int kCount = centroids.length;
        int dim = centroids[0].length;
        double[] mass = new double[kCount];
        for (int k = 0; k < kCount; k++) {
            java.util.Arrays.fill(newCentroids[k], 0.0);
        }
        double[] logits = new double[kCount];
        for (double[] x : points) {
            for (int k = 0; k < kCount; k++) {
                logits[k] = -squaredDistance(x, centroids[k]) / temperature;
            }
            double norm = GaussianMixture.logSumExp(logits);
            for (int k = 0; k < kCount; k++) {
                double r = Math.exp(logits[k] - norm);
                mass[k] += r;
                for (int d = 0; d < dim; d++) {
                    newCentroids[k][d] += r * x[d];
                }
            }
        }
        for (int k = 0; k < kCount; k++) {
            if (mass[k] < 1e-300) {
                // an empty cluster keeps its centroid
                System.arraycopy(centroids[k], 0, newCentroids[k], 0, dim);
                continue;
            }
            for (int d = 0; d < dim; d++) {
                newCentroids[k][d] /= mass[k];
            }
        }
    }
}
