package io.jgrad.check.fakes;

/** A record parameter whose tangent class ({@code Untangled_Point_Tangent}) is missing. */
public final class Untangled {
  private Untangled() {}

  public record Point(double x) {}

  static double f(Point p) {
    return p.x();
  }
}
