package io.jgrad.check.fakes;

/**
 * {@code vs[i] = (a * vs[i].x, vs[i].y + a)} for the non-null {@code vs[i]}: a void method that
 * replaces the elements of a record array, with correct rules.
 */
public final class RecordStep {
  private RecordStep() {}

  static void scale(Shapes.Vec[] vs, double a) {
    for (int i = 0; i < vs.length; i++) {
      Shapes.Vec v = vs[i];
      if (v != null) {
        vs[i] = new Shapes.Vec(a * v.x(), v.y() + a);
      }
    }
  }
}
