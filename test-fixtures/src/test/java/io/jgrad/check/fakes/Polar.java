package io.jgrad.check.fakes;

/** A record result: the point at radius r and angle theta. */
public final class Polar {
  private Polar() {}

  static Shapes.Vec polar(double r, double theta) {
    return new Shapes.Vec(r * Math.cos(theta), r * Math.sin(theta));
  }
}
