package io.jgrad.check.fakes;

/** Helpers of the hand-written {@code double[][][]} rules (what the runtime's Snapshots does). */
final class Cubes {
  private Cubes() {}

  /** Zeros shaped like {@code x}: null where its sub-matrices or rows are null. */
  static double[][][] zerosLike(double[][][] x) {
    double[][][] zeros = new double[x.length][][];
    for (int i = 0; i < x.length; i++) {
      if (x[i] != null) {
        zeros[i] = new double[x[i].length][];
        for (int j = 0; j < x[i].length; j++) {
          zeros[i][j] = x[i][j] == null ? null : new double[x[i][j].length];
        }
      }
    }
    return zeros;
  }

  /** A deep copy of {@code x} (null sub-matrices and rows stay null). */
  static double[][][] copy(double[][][] x) {
    double[][][] copy = new double[x.length][][];
    for (int i = 0; i < x.length; i++) {
      if (x[i] != null) {
        copy[i] = new double[x[i].length][];
        for (int j = 0; j < x[i].length; j++) {
          copy[i][j] = x[i][j] == null ? null : x[i][j].clone();
        }
      }
    }
    return copy;
  }
}
