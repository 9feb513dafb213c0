package io.jgrad.check.fakes;

/**
 * A record holding arrays: a matrix and a vector (differentiable), indices into the vector and a
 * name (data) and a scale; its tangent class is {@code Table_Tangent}. Any array may be null, the
 * matrix ragged.
 */
public record Table(String name, double[][] a, double[] b, int[] idx, double scale) {}
