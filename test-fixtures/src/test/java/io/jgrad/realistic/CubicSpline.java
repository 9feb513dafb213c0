package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Natural cubic spline interpolation (second derivatives from a tridiagonal solve by the Thomas
 * algorithm, segment lookup by recursive bisection), used to interpolate, integrate and as a
 * penalised smoothing-spline fit.
 *
 * <p>Smoothness: smooth in the knot values everywhere, and in knot positions and query points as
 * long as no query point sits on a knot (keep them at least 1e-4 apart) and the knots stay strictly
 * increasing. Queries outside [x0, xn] are extrapolated with the end cubic (smooth). Arguments:
 * n knots in [3, 12], positions strictly increasing with gaps in [0.2, 1] starting in [-1, 0];
 * values in [-2, 2]; queries 1 to 20 points inside the knot range; smoothing lambda in [0, 1].
 *
 * <p>Entry points: {@link #interpolate}(knotsX, knotsY, queries) returns one value per query;
 * {@link #integral}(knotsX, knotsY) the exact integral over [x0, xn];
 * {@link #smoothingLoss}(knotsY, knotsX, dataX, dataY, lambda): data 1 to 30 points inside the
 * knot range, dataY in [-2, 2]; instance {@link #derivativeAt}(t) on
 * {@code new CubicSpline(knotsX, knotsY)}.
 */
public final class CubicSpline {

    private final double[] x;
    private final double[] y;
    /** Second derivatives at the knots. */
    private final double[] m;

    public CubicSpline(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("x and y must have the same length, got " + x.length + " and " + y.length);
        }
        if (x.length < 3) {
            throw new IllegalArgumentException("need at least 3 knots, got " + x.length);
        }
        for (int i = 1; i < x.length; i++) {
            if (!(x[i] > x[i - 1])) {
                throw new IllegalArgumentException("knots must be strictly increasing at index " + i);
            }
        }
        this.x = x;
        this.y = y;
        this.m = secondDerivatives(x, y);
    }

    /** Natural end conditions m[0] = m[n-1] = 0; tridiagonal system for the interior. */
    static double[] secondDerivatives(double[] x, double[] y) {
        int n = x.length;
        int interior = n - 2;
        double[] sub = new double[interior];
        double[] diag = new double[interior];
        double[] sup = new double[interior];
        double[] rhs = new double[interior];
        for (int k = 0; k < interior; k++) {
            int i = k + 1;
            double hLeft = x[i] - x[i - 1];
            double hRight = x[i + 1] - x[i];
            sub[k] = hLeft;
            diag[k] = 2.0 * (hLeft + hRight);
            sup[k] = hRight;
            rhs[k] = 6.0 * ((y[i + 1] - y[i]) / hRight - (y[i] - y[i - 1]) / hLeft);
        }
        double[] inner = solveTridiagonal(sub, diag, sup, rhs);
        double[] m = new double[n];
        System.arraycopy(inner, 0, m, 1, interior);
        return m;
    }

    /** Thomas algorithm; sub[0] and sup[n-1] are ignored. */
    static double[] solveTridiagonal(double[] sub, double[] diag, double[] sup, double[] rhs) {
        int n = diag.length;
        double[] c = new double[n];
        double[] d = new double[n];
        c[0] = sup[0] / diag[0];
        d[0] = rhs[0] / diag[0];
        for (int i = 1; i < n; i++) {
            double denom = diag[i] - sub[i] * c[i - 1];
            c[i] = sup[i] / denom;
            d[i] = (rhs[i] - sub[i] * d[i - 1]) / denom;
        }
        double[] solution = new double[n];
        solution[n - 1] = d[n - 1];
        for (int i = n - 2; i >= 0; i--) {
            solution[i] = d[i] - c[i] * solution[i + 1];
        }
        return solution;
    }

    /** Segment i with x[i] <= t < x[i+1] among lo..hi, clamped to the first/last segment. */
    static int findSegment(double[] x, double t, int lo, int hi) {
        if (hi - lo <= 1) {
            return lo;
        }
        int mid = (lo + hi) / 2;
        return t < x[mid] ? findSegment(x, t, lo, mid) : findSegment(x, t, mid, hi);
    }

    int segment(double t) {
        return findSegment(x, t, 0, x.length - 1);
    }

    public double evaluate(double t) {
        int i = segment(t);
        double h = x[i + 1] - x[i];
        double a = (x[i + 1] - t) / h;
        double b = (t - x[i]) / h;
        return a * y[i] + b * y[i + 1] + ((a * a * a - a) * m[i] + (b * b * b - b) * m[i + 1]) * h * h / 6.0;
    }

    @Grad
    public double derivativeAt(double t) {
        int i = segment(t);
        double h = x[i + 1] - x[i];
        double a = (x[i + 1] - t) / h;
        double b = (t - x[i]) / h;
        return (y[i + 1] - y[i]) / h - (3.0 * a * a - 1.0) * h * m[i] / 6.0 + (3.0 * b * b - 1.0) * h * m[i + 1] / 6.0;
    }

    double integrate() {
        double total = 0.0;
        for (int i = 0; i + 1 < x.length; i++) {
            double h = x[i + 1] - x[i];
            total += 0.5 * h * (y[i] + y[i + 1]) - h * h * h * (m[i] + m[i + 1]) / 24.0;
        }
        return total;
    }

    /** Integral of the squared second derivative (the bending energy). */
    double roughness() {
        double total = 0.0;
        for (int i = 0; i + 1 < x.length; i++) {
            double h = x[i + 1] - x[i];
            total += h * (m[i] * m[i] + m[i] * m[i + 1] + m[i + 1] * m[i + 1]) / 3.0;
        }
        return total;
    }

    @Grad
    public static double[] interpolate(double[] knotsX, double[] knotsY, double[] queries) {
        CubicSpline spline = new CubicSpline(knotsX, knotsY);
        double[] out = new double[queries.length];
        for (int q = 0; q < queries.length; q++) {
            out[q] = spline.evaluate(queries[q]);
        }
        return out;
    }

    @Grad
    public static double integral(double[] knotsX, double[] knotsY) {
        return new CubicSpline(knotsX, knotsY).integrate();
    }

    @Grad
    public static double smoothingLoss(double[] knotsY, double[] knotsX, double[] dataX, double[] dataY, double lambda) {
        CubicSpline spline = new CubicSpline(knotsX, knotsY);
        double sse = 0.0;
        for (int i = 0; i < dataX.length; i++) {
            double r = spline.evaluate(dataX[i]) - dataY[i];
            sse += r * r;
        }
        return sse + lambda * spline.roughness();
    }
}
