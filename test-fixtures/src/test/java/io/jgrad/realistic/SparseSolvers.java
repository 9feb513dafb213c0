package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Sparse linear algebra in CSR form: a raw-array sparse matrix-vector product, a ridge
 * least-squares objective, a fixed number of Jacobi iterations for a diagonally dominant system, a
 * graph-Laplacian smoothness energy built from an edge list, and a residual norm with a
 * {@link CsrMatrix} object argument.
 *
 * <p>All functions are polynomial or rational in their double arguments, smooth wherever the Jacobi
 * diagonal is non-zero. Generating a CSR matrix: rows R in [1, 10], cols C in [1, 10], each row with
 * 0 to C distinct sorted column indices; {@code rowPtr} (length R+1) the running count; values in
 * [-1, 1]. For {@link #jacobiSolve} make it square and strictly diagonally dominant: every row has its
 * diagonal entry, diagonal values in [n, n + 2] with off-diagonals in [-1, 1] (n = R), iterations in
 * [0, 30], b in [-1, 1].
 *
 * <p>Entry points: {@link #spmv}(rowPtr, colIdx, values, x), {@link #ridgeLoss}(x, rowPtr, colIdx,
 * values, b, lambda) with lambda in [0, 1], {@link #jacobiSolve}(rowPtr, colIdx, values, b,
 * iterations), {@link #laplacianEnergy}(signal, edges, edgeWeights): signal length V in [2, 12],
 * edges an E x 2 int[][] of vertex pairs (u != v, each in [0, V)), weights length E in [0.1, 2];
 * {@link #residualNorm}(a, x, b) with {@code a = new CsrMatrix(rows, cols, rowPtr, colIdx, values)}
 * or {@code CsrMatrix.fromTriplets(...)}.
 */
public final class SparseSolvers {

    private SparseSolvers() {}

    @Grad
    public static double[] spmv(int[] rowPtr, int[] colIdx, double[] values, double[] x) {
        int rows = rowPtr.length - 1;
        double[] y = new double[rows];
        for (int i = 0; i < rows; i++) {
            for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
                y[i] += values[k] * x[colIdx[k]];
            }
        }
        return y;
    }

    @Grad
    public static double ridgeLoss(double[] x, int[] rowPtr, int[] colIdx, double[] values, double[] b,
                                   double lambda) {
        double[] ax = spmv(rowPtr, colIdx, values, x);
        double loss = 0.0;
        for (int i = 0; i < ax.length; i++) {
            double r = ax[i] - b[i];
            loss += r * r;
        }
        double norm2 = 0.0;
        for (double xi : x) {
            norm2 += xi * xi;
        }
        return 0.5 * loss + 0.5 * lambda * norm2;
    }

    /** Position of the diagonal entry of row i in the CSR arrays. */
    static int diagonalIndex(int[] rowPtr, int[] colIdx, int i) {
        for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
            if (colIdx[k] == i) {
                return k;
            }
        }
        throw new IllegalArgumentException("row " + i + " has no diagonal entry; Jacobi needs one");
    }

    @Grad
    public static double[] jacobiSolve(int[] rowPtr, int[] colIdx, double[] values, double[] b, int iterations) {
        int n = rowPtr.length - 1;
        int[] diag = new int[n];
        for (int i = 0; i < n; i++) {
            diag[i] = diagonalIndex(rowPtr, colIdx, i);
        }
        double[] x = new double[n];
        double[] next = new double[n];
        for (int it = 0; it < iterations; it++) {
            for (int i = 0; i < n; i++) {
                double sum = b[i];
                for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
                    if (k != diag[i]) {
                        sum -= values[k] * x[colIdx[k]];
                    }
                }
                next[i] = sum / values[diag[i]];
            }
            double[] t = x;
            x = next;
            next = t;
        }
        return x;
    }

    /** Weighted graph Laplacian L = D - W in CSR form (diagonal first in each row). */
    static CsrMatrix laplacian(int vertices, int[][] edges, double[] weights) {
        int e = edges.length;
        int[] ri = new int[vertices + 2 * e];
        int[] ci = new int[vertices + 2 * e];
        double[] v = new double[vertices + 2 * e];
        double[] degree = new double[vertices];
        int k = vertices;
        for (int j = 0; j < e; j++) {
            int a = edges[j][0];
            int b = edges[j][1];
            if (a == b) {
                throw new IllegalArgumentException("self-loop at vertex " + a + " (edge " + j + ")");
            }
            degree[a] += weights[j];
            degree[b] += weights[j];
            ri[k] = a;
            ci[k] = b;
            v[k++] = -weights[j];
            ri[k] = b;
            ci[k] = a;
            v[k++] = -weights[j];
        }
        for (int i = 0; i < vertices; i++) {
            ri[i] = i;
            ci[i] = i;
            v[i] = degree[i];
        }
        return CsrMatrix.fromTriplets(vertices, vertices, ri, ci, v);
    }

    /** x^T L x = sum over edges of w (x_u - x_v)^2. */
    @Grad
    public static double laplacianEnergy(double[] signal, int[][] edges, double[] edgeWeights) {
        CsrMatrix l = laplacian(signal.length, edges, edgeWeights);
        double[] lx = l.multiply(signal);
        double energy = 0.0;
        for (int i = 0; i < signal.length; i++) {
            energy += signal[i] * lx[i];
        }
        return energy;
    }

    @Grad
    public static double residualNorm(CsrMatrix a, double[] x, double[] b) {
        double[] r = a.multiply(x);
        double sum = 0.0;
        for (int i = 0; i < r.length; i++) {
            r[i] -= b[i];
            sum += r[i] * r[i];
        }
        return Math.sqrt(sum);
    }
}
