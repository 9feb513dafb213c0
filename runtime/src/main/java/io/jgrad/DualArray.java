package io.jgrad;

/**
 * An array value and its tangent, as returned by forward-mode rules of methods that return
 * {@code double[]}.
 *
 * @param value the primal result, element for element bit for bit what the primal returns
 * @param tangent the directional derivative of each element
 */
public record DualArray(double[] value, double[] tangent) {}
