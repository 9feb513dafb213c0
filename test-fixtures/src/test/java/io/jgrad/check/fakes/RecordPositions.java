package io.jgrad.check.fakes;

/**
 * {@code f(b, vs)[i] = b.mass * vs[i].x + b.pos.y * vs[i].y} (0 for a null {@code vs[i]}): a
 * {@code double[]} result of records, with correct rules including the Jacobian.
 */
public final class RecordPositions {
  private RecordPositions() {}

  static double[] f(Body b, Shapes.Vec[] vs) {
    double[] y = new double[vs.length];
    for (int i = 0; i < vs.length; i++) {
      Shapes.Vec v = vs[i];
      y[i] = v == null ? 0 : b.mass() * v.x() + b.pos().y() * v.y();
    }
    return y;
  }
}
