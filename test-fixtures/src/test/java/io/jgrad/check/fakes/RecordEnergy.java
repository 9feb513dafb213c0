package io.jgrad.check.fakes;

/**
 * {@code f(b, vs, s) = b.mass * b.charge * sum_i (vs[i].x * b.pos.x + sin(vs[i].y))
 * + b.count * b.pos.y * s} over the non-null {@code vs[i]}: record parameters (a double, a
 * float, a passive int, a nested record), a record array and a scalar, with correct rules.
 */
public final class RecordEnergy {
  private RecordEnergy() {}

  static double f(Body b, Shapes.Vec[] vs, double s) {
    double sum = 0;
    for (Shapes.Vec v : vs) {
      if (v != null) {
        sum += v.x() * b.pos().x() + Math.sin(v.y());
      }
    }
    return b.mass() * b.charge() * sum + b.count() * b.pos().y() * s;
  }
}
