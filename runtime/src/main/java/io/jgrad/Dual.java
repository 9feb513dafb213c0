package io.jgrad;

/**
 * A value and its tangent (directional derivative), as returned by forward-mode rules.
 *
 * @param value the primal value, bit for bit what the primal method returns
 * @param tangent the directional derivative of the value along the input tangents
 */
public record Dual(double value, double tangent) {}
