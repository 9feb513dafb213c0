package io.jgrad.check.fakes;

/** Written by hand, shaped like the tangent class jgrad generates for {@link Shapes.Vec}. */
public final class Shapes_Vec_Tangent {
  public double x;
  public double y;

  public Shapes_Vec_Tangent() {}

  public Shapes_Vec_Tangent(double x, double y) {
    this.x = x;
    this.y = y;
  }

  public static Shapes_Vec_Tangent[] zerosLike(Shapes.Vec[] values) {
    Shapes_Vec_Tangent[] zeros = new Shapes_Vec_Tangent[values.length];
    for (int i = 0; i < values.length; i++) {
      zeros[i] = values[i] == null ? null : new Shapes_Vec_Tangent();
    }
    return zeros;
  }

  /** A value and its tangent, as forward rules of methods returning a Vec return them. */
  public record Dual(Shapes.Vec value, Shapes_Vec_Tangent tangent) {}

  @Override
  public String toString() {
    return "Shapes_Vec_Tangent[x=" + x + ", y=" + y + "]";
  }
}
