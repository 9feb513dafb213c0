package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Explicit (FTCS) finite-volume solver for the 1-D heat equation {@code u_t = (kappa(x) u_x)_x} with a
 * spatially varying diffusivity, and an inverse problem: recover kappa from a measured final
 * temperature profile.
 *
 * <p>Smooth (in fact polynomial) in u0, kappa, dx and dt. The stability check throws if
 * {@code dt * max(kappa) / dx^2 > 0.5}; stay well inside: n in [3, 40] cells, kappa in [0.5, 2],
 * dx in [0.05, 0.2], dt = r * dx^2 with r in [0.05, 0.2], steps in [0, 100], u0 in [-1, 1].
 * Any {@link BoundaryCondition}.
 *
 * <p>Entry points: {@link #step}(u, kappa, dx, dt, bc, out) — void, writes the next profile to
 * {@code out} (same length as u); {@link #solve}(u0, kappa, dx, dt, steps, bc) — returns the final
 * profile; {@link #inverseLoss}(kappa, u0, observed, dx, dt, steps, bc, regularization) with
 * observed in [-1, 1] of length n, regularization in [0, 0.1].
 */
public final class HeatEquation1D {

    private HeatEquation1D() {}

    static final double STABILITY_LIMIT = 0.5;

    /** Index of the neighbour {@code i + offset}, resolved at the ends by the boundary condition. */
    static int neighbour(int i, int offset, int n, BoundaryCondition bc) {
        int j = i + offset;
        if (j >= 0 && j < n) {
            return j;
        }
        switch (bc) {
            case PERIODIC:
                return Math.floorMod(j, n);
            case NEUMANN:
                // mirror ghost cell: same value as the boundary cell itself, no flux
            case DIRICHLET:
                return i;
            default:
                throw new AssertionError(bc);
        }
    }

    private static double maxOf(double[] a) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : a) {
            if (v > m) {
                m = v;
            }
        }
        return m;
    }

    @Grad
    public static void step(double[] u, double[] kappa, double dx, double dt, BoundaryCondition bc, double[] out) {
        int n = u.length;
        if (kappa.length != n || out.length != n) {
            throw new IllegalArgumentException("u, kappa and out must have the same length " + n);
        }
        double r = dt / (dx * dx);
        if (r * maxOf(kappa) > STABILITY_LIMIT) {
            throw new IllegalArgumentException("unstable time step: dt * kappa / dx^2 = " + r * maxOf(kappa));
        }
        for (int i = 0; i < n; i++) {
            if (bc == BoundaryCondition.DIRICHLET && (i == 0 || i == n - 1)) {
                out[i] = u[i];
                continue;
            }
            int left = neighbour(i, -1, n, bc);
            int right = neighbour(i, +1, n, bc);
            double kLeft = 0.5 * (kappa[i] + kappa[left]);
            double kRight = 0.5 * (kappa[i] + kappa[right]);
            out[i] = u[i] + r * (kRight * (u[right] - u[i]) - kLeft * (u[i] - u[left]));
        }
    }

    @Grad
    public static double[] solve(double[] u0, double[] kappa, double dx, double dt, int steps, BoundaryCondition bc) {
        double[] current = u0.clone();
        double[] next = new double[u0.length];
        for (int s = 0; s < steps; s++) {
            step(current, kappa, dx, dt, bc, next);
            double[] tmp = current;
            current = next;
            next = tmp;
        }
        return current;
    }

    @Grad
    public static double inverseLoss(double[] kappa, double[] u0, double[] observed, double dx, double dt, int steps,
                                     BoundaryCondition bc, double regularization) {
        double[] u = solve(u0, kappa, dx, dt, steps, bc);
        double misfit = 0.0;
        for (int i = 0; i < u.length; i++) {
            double d = u[i] - observed[i];
            misfit += d * d;
        }
        // smoothness prior on kappa: sum of squared first differences
        double roughness = 0.0;
        for (int i = 1; i < kappa.length; i++) {
            double d = kappa[i] - kappa[i - 1];
            roughness += d * d;
        }
        return 0.5 * misfit * dx + regularization * roughness;
    }
}
