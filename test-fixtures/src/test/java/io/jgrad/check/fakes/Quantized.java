package io.jgrad.check.fakes;

/**
 * {@code f(g) = g - 536870911} in float arithmetic: near -5.4e8 a float moves in steps of 32, so
 * every finite difference the checker can take is 0 while the derivative (float rounding taken as
 * the identity, as jgrad's rules take it) is 1 (seed 802, program 772).
 */
public final class Quantized {
  private Quantized() {}

  static float f(float g) {
    return (float) (g - 536870911.0);
  }
}
