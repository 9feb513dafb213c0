package io.jgrad.tape;

/**
 * Copies of array contents that reverse-mode rules take and put back, and zero-filled shadows of
 * the same shape. A {@code double[][]} is copied row by row (its rows are what gets written).
 */
public final class Snapshots {
  private Snapshots() {}

  public static double[] copy(double[] a) {
    return a.clone();
  }

  public static double[][] copy(double[][] a) {
    double[][] c = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      c[i] = a[i] == null ? null : a[i].clone();
    }
    return c;
  }

  /** Puts the contents of {@code saved} back into {@code target}. */
  public static void restore(double[] target, double[] saved) {
    System.arraycopy(saved, 0, target, 0, saved.length);
  }

  public static void restore(double[][] target, double[][] saved) {
    for (int i = 0; i < saved.length; i++) {
      if (saved[i] != null) {
        System.arraycopy(saved[i], 0, target[i], 0, saved[i].length);
      }
    }
  }

  /** A zero array of the same length. */
  public static double[] zerosLike(double[] a) {
    return new double[a.length];
  }

  /** Zero rows of the same lengths (null rows stay null). */
  public static double[][] zerosLike(double[][] a) {
    double[][] z = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      z[i] = a[i] == null ? null : new double[a[i].length];
    }
    return z;
  }

  /** {@code target[i] += source[i]}. */
  public static void addTo(double[] target, double[] source) {
    for (int i = 0; i < source.length; i++) {
      target[i] += source[i];
    }
  }

  /** Throws if a method that writes its array arguments was given one array twice. */
  public static void requireDistinct(Object a, Object b, String names) {
    if (a == b && a != null) {
      throw new IllegalArgumentException("jgrad: " + names + " are the same array, and the"
          + " method writes to it; derivatives through aliased arguments are not supported."
          + " Pass a copy");
    }
  }
}
