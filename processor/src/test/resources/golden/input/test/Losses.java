package test;

import io.jgrad.Grad;

/** A scalar loss used by {@link Model}. */
public final class Losses {
  private Losses() {}

  @Grad
  public static double softplus(double z) {
    return Math.log1p(Math.exp(z));
  }
}
