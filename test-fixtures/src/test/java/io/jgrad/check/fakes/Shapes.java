package io.jgrad.check.fakes;

/** Holds a nested record, whose tangent class is {@code Shapes_Vec_Tangent}. */
public final class Shapes {
  private Shapes() {}

  /** A differentiable record of two doubles. */
  public record Vec(double x, double y) {}
}
