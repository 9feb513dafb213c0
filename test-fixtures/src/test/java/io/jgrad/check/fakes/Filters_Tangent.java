package io.jgrad.check.fakes;

import java.util.Arrays;

/** Written by hand, shaped like the tangent class jgrad generates for {@link Filters}. */
public final class Filters_Tangent {
  public double[][][] w;
  public double bias;

  public Filters_Tangent() {}

  public Filters_Tangent(double[][][] w, double bias) {
    this.w = w;
    this.bias = bias;
  }

  /** Zeros shaped like {@code value}: null where its arrays are null. */
  public static Filters_Tangent zerosLike(Filters value) {
    if (value == null) {
      return null;
    }
    return new Filters_Tangent(value.w() == null ? null : Cubes.zerosLike(value.w()), 0);
  }

  @Override
  public String toString() {
    return "Filters_Tangent[w=" + Arrays.deepToString(w) + ", bias=" + bias + "]";
  }
}
