package io.jgrad.realistic;

/**
 * Gauss-Legendre nodes and weights on [-1, 1], computed once at class initialisation by Newton's
 * method on the Legendre polynomial, and a composite rule helper.
 */
final class Quadrature {

    private Quadrature() {}

    static final int ORDER = 16;
    static final double[] NODES = new double[ORDER];
    static final double[] WEIGHTS = new double[ORDER];

    static {
        int n = ORDER;
        for (int i = 0; i < (n + 1) / 2; i++) {
            double z = Math.cos(Math.PI * (i + 0.75) / (n + 0.5));
            double derivative = 0.0;
            for (int iter = 0; iter < 100; iter++) {
                double p1 = 1.0;
                double p2 = 0.0;
                for (int j = 1; j <= n; j++) {
                    double p3 = p2;
                    p2 = p1;
                    p1 = ((2.0 * j - 1.0) * z * p2 - (j - 1.0) * p3) / j;
                }
                derivative = n * (z * p1 - p2) / (z * z - 1.0);
                double previous = z;
                z = previous - p1 / derivative;
                if (Math.abs(z - previous) < 1e-15) {
                    break;
                }
            }
            NODES[i] = -z;
            NODES[n - 1 - i] = z;
            WEIGHTS[i] = 2.0 / ((1.0 - z * z) * derivative * derivative);
            WEIGHTS[n - 1 - i] = WEIGHTS[i];
        }
    }

    /** Abscissa of node {@code j} of panel {@code panel} when [a, b] is split into {@code panels} panels. */
    static double node(double a, double b, int panels, int panel, int j) {
        double h = (b - a) / panels;
        double mid = a + (panel + 0.5) * h;
        return mid + 0.5 * h * NODES[j];
    }

    /** Weight matching {@link #node}. */
    static double weight(double a, double b, int panels, int j) {
        return 0.5 * (b - a) / panels * WEIGHTS[j];
    }
}
