package io.jgrad.check.fakes;

/**
 * {@code f(x, s)} replaces every {@code x[i][j][k]} by {@code s * sin(x[i][j][k])} in place and
 * returns the sum of the squares of the new entries: a method that writes its {@code
 * double[][][]} argument (its final contents are outputs), with correct rules.
 */
public final class CubeInPlace {
  private CubeInPlace() {}

  static double f(double[][][] x, double s) {
    double sum = 0;
    for (double[][] m : x) {
      for (double[] row : m) {
        for (int k = 0; k < row.length; k++) {
          row[k] = s * Math.sin(row[k]);
          sum += row[k] * row[k];
        }
      }
    }
    return sum;
  }
}
