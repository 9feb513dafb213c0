package io.jgrad;

/**
 * What a generated forward rule of a method returning {@code double[][]} returns: the value and
 * its tangent, row for row of the same shape (generated for helpers that return a matrix).
 */
public record DualMatrix(double[][] value, double[][] tangent) {}
