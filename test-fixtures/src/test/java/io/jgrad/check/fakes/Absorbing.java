package io.jgrad.check.fakes;

/**
 * {@code f(a, x) = a}, doubling {@code x[0]} in place, whose adjoint adds {@code K xBar[0]} into
 * {@code aBar} and takes it out again with {@code K = 1e20}: correct up to rounding, but that
 * rounding absorbs whatever {@code aBar} held (an adjoint whose large partial derivatives cancel,
 * as random programs produce them: seed 502, program 289). Scaling the seeds and buffers scales
 * the absorption alike; only splitting them apart shows it.
 */
public final class Absorbing {
  private Absorbing() {}

  static double f(double a, double[] x) {
    x[0] = 2 * x[0];
    return a;
  }
}
