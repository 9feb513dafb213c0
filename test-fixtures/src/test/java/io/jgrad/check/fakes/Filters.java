package io.jgrad.check.fakes;

/**
 * A record holding a {@code double[][][]} (differentiable: convolution filters, may be ragged or
 * hold null sub-matrices and rows), a name (data) and a bias; its tangent class is {@code
 * Filters_Tangent}.
 */
public record Filters(String name, double[][][] w, double bias) {}
