package io.jgrad.check.fakes;

/** A plain class used as data with a {@code double[][][]} field (no tangent class). */
public final class Kernel {
  final double[][][] w;
  final int stride;

  public Kernel(double[][][] w, int stride) {
    this.w = w;
    this.stride = stride;
  }
}
