package io.jgrad.corpus.arrays;

import io.jgrad.Grad;

/**
 * {@code double[][]} parameters and locals: norms, traces, quadratic forms, a matrix power with a
 * fresh matrix per step, an in-place transpose, row scaling in place, row objects swapped and
 * replaced by fresh rows, and modified Gram-Schmidt on the rows in place.
 */
public final class Matrices {
  private Matrices() {}

  /** sqrt(sum a[i][j]^2). */
  @Grad
  public static double frobenius(double[][] a) {
    double s = 0.0;
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[i].length; j++) {
        s += a[i][j] * a[i][j];
      }
    }
    return Math.sqrt(s);
  }

  /** trace(a * b) for square a and b. */
  @Grad
  public static double traceOfProduct(double[][] a, double[][] b) {
    double t = 0.0;
    for (int i = 0; i < a.length; i++) {
      for (int k = 0; k < a.length; k++) {
        t += a[i][k] * b[k][i];
      }
    }
    return t;
  }

  /** x^T a y, reading rows through a local. */
  @Grad
  public static double bilinearForm(double[][] a, double[] x, double[] y) {
    double s = 0.0;
    for (int i = 0; i < a.length; i++) {
      double[] row = a[i];
      double r = 0.0;
      for (int j = 0; j < row.length; j++) {
        r += row[j] * y[j];
      }
      s += x[i] * r;
    }
    return s;
  }

  /** sum of the entries of a^4, each product a fresh {@code new double[n][n]}. */
  @Grad
  public static double matrixPower(double[][] a) {
    int n = a.length;
    double[][] p = new double[n][n];
    for (int i = 0; i < n; i++) {
      p[i][i] = 1.0;
    }
    for (int step = 0; step < 4; step++) {
      double[][] next = new double[n][n];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          double s = 0.0;
          for (int k = 0; k < n; k++) {
            s += p[i][k] * a[k][j];
          }
          next[i][j] = s;
        }
      }
      p = next;
    }
    double total = 0.0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        total += p[i][j];
      }
    }
    return total;
  }

  /** Transposes a square a in place, then a weighted sum of its entries. */
  @Grad
  public static double transposeInPlace(double[][] a) {
    int n = a.length;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        double t = a[i][j];
        a[i][j] = a[j][i];
        a[j][i] = t;
      }
    }
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        s += (i + 2 * j + 1) * a[i][j] * a[i][j];
      }
    }
    return s;
  }

  /** Scales row i of a by s[i] in place (compound writes into the rows of a parameter). */
  @Grad
  public static double scaleRowsInPlace(double[][] a, double[] s) {
    double total = 0.0;
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[i].length; j++) {
        a[i][j] *= s[i];
        total += Math.sin(a[i][j]);
      }
    }
    return total;
  }

  /**
   * Swaps the row objects a[i] and a[j] of the parameter (i == j allowed), then writes through
   * the swapped rows. The final contents of a[i] are the entry contents of a[j], updated.
   */
  @Grad
  public static double swapRows(double[][] a, int i, int j) {
    double[] t = a[i];
    a[i] = a[j];
    a[j] = t;
    a[i][0] += a[j][1] * a[j][1];
    return a[i][0] * a[j][0] + a[0][1];
  }

  /** Replaces row 0 of the parameter by a fresh row computed from x. */
  @Grad
  public static double freshRow(double[][] a, double[] x) {
    double[] old = a[0];
    double[] row = new double[old.length];
    for (int j = 0; j < row.length; j++) {
      row[j] = x[j] * old[j] + 1.0;
    }
    a[0] = row;
    double s = 0.0;
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[i].length; j++) {
        s += a[i][j] * (i + 1);
      }
    }
    return s + old[0];
  }

  /**
   * Modified Gram-Schmidt on the rows of v, in place (v must have independent rows: the tests
   * pass I + 0.3 * noise), then a weighted sum of the orthonormal rows.
   */
  @Grad
  public static double gramSchmidtRows(double[][] v) {
    int n = v.length;
    for (int i = 0; i < n; i++) {
      double[] vi = v[i];
      for (int k = 0; k < i; k++) {
        double[] vk = v[k];
        double d = 0.0;
        for (int j = 0; j < vi.length; j++) {
          d += vi[j] * vk[j];
        }
        for (int j = 0; j < vi.length; j++) {
          vi[j] -= d * vk[j];
        }
      }
      double norm = 0.0;
      for (int j = 0; j < vi.length; j++) {
        norm += vi[j] * vi[j];
      }
      norm = Math.sqrt(norm);
      for (int j = 0; j < vi.length; j++) {
        vi[j] /= norm;
      }
    }
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < v[i].length; j++) {
        s += (j + 1) * v[i][j] * (i + 0.5);
      }
    }
    return s;
  }

  /** A copy of row 1 moved into row 0. */
  @Grad
  public static double copyRow(double a, double[][] m) {
    m[0] = m[1].clone();
    m[0][1] *= a;
    return a * m[0][0] + m[0][1] * m[1][1];
  }

  /** A fresh row stored into row 0, written afterwards. */
  @Grad
  public static double freshRowWrittenAfter(double a, double[][] m) {
    m[0] = new double[] {a, a * a, 1.0};
    m[0][2] += m[1][0];
    return m[0][1] * m[1][1] + m[0][2];
  }
}
