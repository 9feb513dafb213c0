package io.jgrad.check.fakes;

/** Written by hand, shaped like the tangent class jgrad will generate for {@link Csr}. */
public final class Csr_Tangent {
  public double[] values;
  public double scale;

  public Csr_Tangent() {}

  public Csr_Tangent(double[] values, double scale) {
    this.values = values;
    this.scale = scale;
  }

  public static Csr_Tangent zerosLike(Csr value) {
    return value == null ? null : new Csr_Tangent(new double[value.values.length], 0);
  }
}
