package io.jgrad.check.fakes;

import java.util.Arrays;

/** Written by hand, shaped like the tangent class jgrad generates for {@link Table}. */
public final class Table_Tangent {
  public double[][] a;
  public double[] b;
  public double scale;

  public Table_Tangent() {}

  public Table_Tangent(double[][] a, double[] b, double scale) {
    this.a = a;
    this.b = b;
    this.scale = scale;
  }

  /** Zeros shaped like {@code value}: null where its arrays (or rows) are null. */
  public static Table_Tangent zerosLike(Table value) {
    if (value == null) {
      return null;
    }
    double[][] a = null;
    if (value.a() != null) {
      a = new double[value.a().length][];
      for (int i = 0; i < a.length; i++) {
        a[i] = value.a()[i] == null ? null : new double[value.a()[i].length];
      }
    }
    return new Table_Tangent(a, value.b() == null ? null : new double[value.b().length], 0);
  }

  @Override
  public String toString() {
    return "Table_Tangent[a=" + Arrays.deepToString(a) + ", b=" + Arrays.toString(b) + ", scale="
        + scale + "]";
  }
}
