package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Lennard-Jones energy and forces of particles in a periodic cubic box (minimum-image convention),
 * truncated and shifted at {@code CUTOFF * sigma}, with a Verlet-style neighbour list.
 *
 * <p>Smoothness: the shifted potential is continuous at the cutoff, but its derivative jumps there,
 * and the minimum image jumps when a coordinate difference crosses half a box. Choose configurations
 * where every pair distance is at least 1e-3 away from {@code CUTOFF * sigma} and every coordinate
 * difference at least 1e-3 away from {@code +-box/2}; the neighbour list (built with a skin) must not
 * change under the perturbation, which holds if no pair distance is within 1e-3 of
 * {@code (CUTOFF + SKIN) * sigma}. A safe generator: n in [2, 20] particles on a jittered cubic
 * lattice with spacing 1.2 (jitter +-0.1), box in [6.5, 8] (the method throws unless
 * box >= 2 (CUTOFF + SKIN) sigma = 5.6 sigma), epsilon in [0.5, 2], sigma in [0.9, 1.1];
 * reject a sample if any distance falls in one of the excluded bands.
 *
 * <p>Entry points: {@link #energy}(positions[3n], box, epsilon, sigma), {@link #forces}(positions,
 * box, epsilon, sigma, forcesOut[3n]) — writes -dE/dx into forcesOut, so its derivative is minus
 * the Hessian — and {@link #virialPressure}(positions, box, epsilon, sigma, temperature) with
 * temperature in [0.5, 2], and {@link #meanSquaredForce}(positions, box, epsilon, sigma).
 */
public final class LennardJones {

    private LennardJones() {}

    static final double CUTOFF = 2.5;
    static final double SKIN = 0.3;
    static final double CUTOFF2 = CUTOFF * CUTOFF;
    /** 4 (r^-12 - r^-6) at the cutoff, in reduced units. */
    static final double SHIFT = 4.0 * (Math.pow(CUTOFF, -12) - Math.pow(CUTOFF, -6));

    /** Minimum-image difference of two coordinates in a periodic box. */
    static double minimumImage(double d, double box) {
        return d - box * Math.rint(d / box);
    }

    static double squaredDistance(double[] pos, int i, int j, double box) {
        double r2 = 0.0;
        for (int k = 0; k < 3; k++) {
            double d = minimumImage(pos[3 * i + k] - pos[3 * j + k], box);
            r2 += d * d;
        }
        return r2;
    }

    /** For each particle i, the j > i within (CUTOFF + SKIN) * sigma. */
    static int[][] neighbourList(double[] pos, double box, double sigma) {
        int n = pos.length / 3;
        double reach = (CUTOFF + SKIN) * sigma;
        int[][] list = new int[n][];
        int[] buffer = new int[n];
        for (int i = 0; i < n; i++) {
            int count = 0;
            for (int j = i + 1; j < n; j++) {
                if (squaredDistance(pos, i, j, box) < reach * reach) {
                    buffer[count++] = j;
                }
            }
            list[i] = java.util.Arrays.copyOf(buffer, count);
        }
        return list;
    }

    /** Shifted pair energy at squared reduced distance s2 = r^2 / sigma^2 (s2 < CUTOFF2). */
    private static double pairEnergy(double s2) {
        double inv6 = 1.0 / (s2 * s2 * s2);
        return 4.0 * (inv6 * inv6 - inv6) - SHIFT;
    }

    /** -(1/r) dU/dr in reduced units, times sigma^2. */
    private static double pairForceOverR(double s2) {
        double inv2 = 1.0 / s2;
        double inv6 = inv2 * inv2 * inv2;
        return 24.0 * inv2 * (2.0 * inv6 * inv6 - inv6);
    }

    private static void checkBox(double[] positions, double box, double sigma) {
        if (positions.length % 3 != 0) {
            throw new IllegalArgumentException("positions must hold x, y, z per particle; length " + positions.length);
        }
        if (box < 2.0 * (CUTOFF + SKIN) * sigma) {
            throw new IllegalArgumentException("box " + box + " too small for cutoff " + CUTOFF * sigma);
        }
    }

    @Grad
    public static double energy(double[] positions, double box, double epsilon, double sigma) {
        checkBox(positions, box, sigma);
        int[][] neighbours = neighbourList(positions, box, sigma);
        double sigma2 = sigma * sigma;
        double e = 0.0;
        for (int i = 0; i < neighbours.length; i++) {
            for (int j : neighbours[i]) {
                double s2 = squaredDistance(positions, i, j, box) / sigma2;
                if (s2 < CUTOFF2) {
                    e += pairEnergy(s2);
                }
            }
        }
        return epsilon * e;
    }

    @Grad
    public static void forces(double[] positions, double box, double epsilon, double sigma, double[] forcesOut) {
        checkBox(positions, box, sigma);
        java.util.Arrays.fill(forcesOut, 0.0);
        int[][] neighbours = neighbourList(positions, box, sigma);
        double sigma2 = sigma * sigma;
        for (int i = 0; i < neighbours.length; i++) {
            for (int j : neighbours[i]) {
                double s2 = squaredDistance(positions, i, j, box) / sigma2;
                if (s2 >= CUTOFF2) {
                    continue;
                }
                double f = epsilon * pairForceOverR(s2) / sigma2;
                for (int k = 0; k < 3; k++) {
                    double d = minimumImage(positions[3 * i + k] - positions[3 * j + k], box);
                    forcesOut[3 * i + k] += f * d;
                    forcesOut[3 * j + k] -= f * d;
                }
            }
        }
    }

    /** Virial pressure P = (N T + (1/3) sum_{pairs} r . F) / V. */
    @Grad
    public static double virialPressure(double[] positions, double box, double epsilon, double sigma,
                                        double temperature) {
        checkBox(positions, box, sigma);
        int n = positions.length / 3;
        // with periodic images sum_i r_i . F_i is not the virial; use the pair form
        double virial = 0.0;
        double sigma2 = sigma * sigma;
        int[][] neighbours = neighbourList(positions, box, sigma);
        for (int i = 0; i < n; i++) {
            for (int j : neighbours[i]) {
                double r2 = squaredDistance(positions, i, j, box);
                if (r2 < CUTOFF2 * sigma2) {
                    virial += epsilon * pairForceOverR(r2 / sigma2) / sigma2 * r2;
                }
            }
        }
        double volume = box * box * box;
        return (n * temperature + virial / 3.0) / volume;
    }

    /** Mean squared force per particle, the quantity force-matching fits minimise. */
    @Grad
    public static double meanSquaredForce(double[] positions, double box, double epsilon, double sigma) {
        double[] f = new double[positions.length];
        forces(positions, box, epsilon, sigma, f);
        double sum = 0.0;
        for (double component : f) {
            sum += component * component;
        }
        return sum / (positions.length / 3);
    }
}
