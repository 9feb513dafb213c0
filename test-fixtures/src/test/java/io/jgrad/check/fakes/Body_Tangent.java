package io.jgrad.check.fakes;

/** Written by hand, shaped like the tangent class jgrad generates for {@link Body}. */
public final class Body_Tangent {
  public double mass;
  public double charge;
  public Shapes_Vec_Tangent pos;

  public Body_Tangent() {
    pos = new Shapes_Vec_Tangent();
  }

  public Body_Tangent(double mass, double charge, Shapes_Vec_Tangent pos) {
    this.mass = mass;
    this.charge = charge;
    this.pos = pos;
  }

  public static Body_Tangent[] zerosLike(Body[] values) {
    Body_Tangent[] zeros = new Body_Tangent[values.length];
    for (int i = 0; i < values.length; i++) {
      zeros[i] = values[i] == null ? null : new Body_Tangent();
    }
    return zeros;
  }

  @Override
  public String toString() {
    return "Body_Tangent[mass=" + mass + ", charge=" + charge + ", pos=" + pos + "]";
  }
}
