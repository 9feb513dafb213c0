package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * 1-D finite elements for an axially loaded bar: linear (2-node) or quadratic (3-node) elements,
 * assembly of the global stiffness from an element connectivity table, Dirichlet supports from a
 * boolean mask, a dense Gaussian-elimination solve with partial pivoting, and the compliance
 * {@code f . u} used in sizing/topology optimisation (SIMP interpolation of Young's modulus).
 *
 * <p>Smoothness: smooth in Young's moduli (> 0), areas (> 0), node coordinates (elements of positive
 * length) and loads, except where the pivot choice of the elimination changes (two candidates with
 * equal magnitude) — the solution itself is smooth there, but a check with a large step could see
 * roundoff differences. Arguments for a bar with E elements (E in [1, 10]):
 * <ul>
 *   <li>LINEAR: nodes N = E + 1, {@code nodeX} strictly increasing (e.g. 0, 1, ..., jittered by
 *       +-0.2), {@code elements[e] = {e, e + 1}};
 *   <li>QUADRATIC: N = 2E + 1, element e = {2e, 2e + 1, 2e + 2} with node 2e+1 the midpoint (keep it
 *       within +-10% of the element length of the centre);
 *   <li>{@code fixed}: boolean[N] with at least one true (e.g. node 0);
 *   <li>{@code youngs} length E in [0.5, 2]; {@code areas} length E in [0.5, 2]; {@code loads}
 *       length N in [-1, 1]; {@code density} length E in [0.2, 1]; penalty in [1, 3].
 * </ul>
 *
 * <p>Entry points: {@link #compliance}(youngs, areas, nodeX, elements, order, fixed, loads),
 * {@link #displacements}(...same...), {@link #simpCompliance}(density, penalty, nodeX, elements,
 * order, fixed, loads).
 */
public final class FiniteElementBar {

    public enum Order { LINEAR, QUADRATIC }

    private FiniteElementBar() {}

    /** Young's modulus of void material in SIMP, to keep the stiffness non-singular. */
    static final double E_MIN = 1e-3;

    static int nodesPerElement(Order order) {
        return switch (order) {
            case LINEAR -> 2;
            case QUADRATIC -> 3;
        };
    }

    /** Element stiffness EA/L times the reference matrix of the element type. */
    static double[][] elementStiffness(Order order, double youngs, double area, double[] coords) {
        double length = coords[coords.length - 1] - coords[0];
        if (length <= 0) {
            throw new IllegalArgumentException("element of non-positive length " + length);
        }
        double k = youngs * area / length;
        switch (order) {
            case LINEAR:
                return new double[][] {{k, -k}, {-k, k}};
            case QUADRATIC: {
                double c = k / 3.0;
                return new double[][] {
                    {7 * c, -8 * c, c},
                    {-8 * c, 16 * c, -8 * c},
                    {c, -8 * c, 7 * c}
                };
            }
            default:
                throw new IllegalArgumentException("unsupported element order " + order);
        }
    }

    static double[][] assemble(double[] youngs, double[] areas, double[] nodeX, int[][] elements, Order order) {
        int n = nodeX.length;
        int per = nodesPerElement(order);
        double[][] global = new double[n][n];
        for (int e = 0; e < elements.length; e++) {
            int[] conn = elements[e];
            if (conn.length != per) {
                throw new IllegalArgumentException("element " + e + " has " + conn.length + " nodes, expected " + per);
            }
            double[] coords = new double[per];
            for (int a = 0; a < per; a++) {
                coords[a] = nodeX[conn[a]];
            }
            double[][] ke = elementStiffness(order, youngs[e], areas[e], coords);
            for (int a = 0; a < per; a++) {
                for (int b = 0; b < per; b++) {
                    global[conn[a]][conn[b]] += ke[a][b];
                }
            }
        }
        return global;
    }

    /** Row index of the largest |a[i][col]| for i >= col. */
    static int pivotRow(double[][] a, int col) {
        int best = col;
        for (int i = col + 1; i < a.length; i++) {
            if (Math.abs(a[i][col]) > Math.abs(a[best][col])) {
                best = i;
            }
        }
        return best;
    }

    /** Solves a x = b by Gaussian elimination with partial pivoting; a and b are overwritten. */
    static double[] solve(double[][] a, double[] b) {
        int n = b.length;
        for (int col = 0; col < n; col++) {
            int p = pivotRow(a, col);
            if (a[p][col] == 0.0) {
                throw new ArithmeticException("singular stiffness matrix: is the bar supported?");
            }
            if (p != col) {
                double[] rowTmp = a[p];
                a[p] = a[col];
                a[col] = rowTmp;
                double t = b[p];
                b[p] = b[col];
                b[col] = t;
            }
            for (int i = col + 1; i < n; i++) {
                double factor = a[i][col] / a[col][col];
                for (int j = col; j < n; j++) {
                    a[i][j] -= factor * a[col][j];
                }
                b[i] -= factor * b[col];
            }
        }
        double[] x = new double[n];
        for (int i = n - 1; i >= 0; i--) {
            double s = b[i];
            for (int j = i + 1; j < n; j++) {
                s -= a[i][j] * x[j];
            }
            x[i] = s / a[i][i];
        }
        return x;
    }

    /** Assembles, applies the supports (u = 0 on fixed nodes) and solves for the displacements. */
    @Grad
    public static double[] displacements(double[] youngs, double[] areas, double[] nodeX, int[][] elements,
                                         Order order, boolean[] fixed, double[] loads) {
        double[][] k = assemble(youngs, areas, nodeX, elements, order);
        int n = nodeX.length;
        int[] freeIndex = new int[n];
        int free = 0;
        for (int i = 0; i < n; i++) {
            freeIndex[i] = fixed[i] ? -1 : free++;
        }
        if (free == n) {
            throw new IllegalArgumentException("no support: at least one node must be fixed");
        }
        double[][] reduced = new double[free][free];
        double[] rhs = new double[free];
        for (int i = 0; i < n; i++) {
            if (freeIndex[i] < 0) {
                continue;
            }
            rhs[freeIndex[i]] = loads[i];
            for (int j = 0; j < n; j++) {
                if (freeIndex[j] >= 0) {
                    reduced[freeIndex[i]][freeIndex[j]] = k[i][j];
                }
            }
        }
        double[] uFree = solve(reduced, rhs);
        double[] u = new double[n];
        for (int i = 0; i < n; i++) {
            u[i] = freeIndex[i] < 0 ? 0.0 : uFree[freeIndex[i]];
        }
        return u;
    }

    @Grad
    public static double compliance(double[] youngs, double[] areas, double[] nodeX, int[][] elements, Order order,
                                    boolean[] fixed, double[] loads) {
        double[] u = displacements(youngs, areas, nodeX, elements, order, fixed, loads);
        double c = 0.0;
        for (int i = 0; i < u.length; i++) {
            c += loads[i] * u[i];
        }
        return c;
    }

    @Grad
    public static double simpCompliance(double[] density, double penalty, double[] nodeX, int[][] elements,
                                        Order order, boolean[] fixed, double[] loads) {
        int e = density.length;
        double[] youngs = new double[e];
        double[] areas = new double[e];
        for (int i = 0; i < e; i++) {
            youngs[i] = E_MIN + Math.pow(density[i], penalty) * (1.0 - E_MIN);
            areas[i] = 1.0;
        }
        return compliance(youngs, areas, nodeX, elements, order, fixed, loads);
    }
}
