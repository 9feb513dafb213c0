package io.jgrad.check.fakes;

/**
 * A differentiable record with a double, a float, a passive int and a nested differentiable
 * record; its tangent class is {@code Body_Tangent}.
 */
public record Body(double mass, float charge, int count, Shapes.Vec pos) {}
