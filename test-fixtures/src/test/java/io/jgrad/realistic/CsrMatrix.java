package io.jgrad.realistic;

/** A sparse matrix in compressed sparse row form. */
public final class CsrMatrix {

    final int rows;
    final int cols;
    final int[] rowPtr;
    final int[] colIdx;
    final double[] values;

    public CsrMatrix(int rows, int cols, int[] rowPtr, int[] colIdx, double[] values) {
        if (rowPtr.length != rows + 1) {
            throw new IllegalArgumentException("rowPtr must have rows + 1 = " + (rows + 1) + " entries, has " + rowPtr.length);
        }
        if (colIdx.length != values.length || rowPtr[rows] != values.length) {
            throw new IllegalArgumentException("colIdx, values and rowPtr[rows] disagree on the number of non-zeros");
        }
        this.rows = rows;
        this.cols = cols;
        this.rowPtr = rowPtr;
        this.colIdx = colIdx;
        this.values = values;
    }

    /**
     * Builds a CSR matrix from coordinate triplets (duplicates are summed), by counting sort on the
     * row index; columns stay in input order within a row.
     */
    public static CsrMatrix fromTriplets(int rows, int cols, int[] rowIndex, int[] colIndex, double[] v) {
        int nnz = v.length;
        int[] rowPtr = new int[rows + 1];
        for (int k = 0; k < nnz; k++) {
            if (rowIndex[k] < 0 || rowIndex[k] >= rows || colIndex[k] < 0 || colIndex[k] >= cols) {
                throw new IndexOutOfBoundsException("triplet " + k + " at (" + rowIndex[k] + ", " + colIndex[k]
                        + ") outside " + rows + "x" + cols);
            }
            rowPtr[rowIndex[k] + 1]++;
        }
        for (int i = 0; i < rows; i++) {
            rowPtr[i + 1] += rowPtr[i];
        }
        int[] next = java.util.Arrays.copyOf(rowPtr, rows);
        int[] colIdx = new int[nnz];
        double[] values = new double[nnz];
        for (int k = 0; k < nnz; k++) {
            int dest = next[rowIndex[k]]++;
            colIdx[dest] = colIndex[k];
            values[dest] = v[k];
        }
        return new CsrMatrix(rows, cols, rowPtr, colIdx, values);
    }

    public int nonZeros() {
        return values.length;
    }

    /** y = A x. */
    public double[] multiply(double[] x) {
        if (x.length != cols) {
            throw new IllegalArgumentException("vector length " + x.length + " != " + cols + " columns");
        }
        double[] y = new double[rows];
        for (int i = 0; i < rows; i++) {
            double sum = 0.0;
            for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
                sum += values[k] * x[colIdx[k]];
            }
            y[i] = sum;
        }
        return y;
    }

    /** y = A^T x. */
    public double[] multiplyTransposed(double[] x) {
        double[] y = new double[cols];
        for (int i = 0; i < rows; i++) {
            for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
                y[colIdx[k]] += values[k] * x[i];
            }
        }
        return y;
    }

    /** Position in {@code values} of entry (i, j), or -1 if it is structurally zero. */
    public int find(int i, int j) {
        for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
            if (colIdx[k] == j) {
                return k;
            }
        }
        return -1;
    }
}
