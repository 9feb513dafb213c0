package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * {@code @Grad} methods that return records and objects: a rotated vector, summary statistics
 * with a count, a pair of vectors, an object holding an array it filled, the parameter itself or
 * a new record by a branch, an instance method of a record. The forward rule returns the result
 * with its tangent ({@code R_Tangent.Dual}), the reverse rules take the result's cotangent as an
 * {@code R_Tangent}, and the Jacobian's rows are the result's numbers.
 */
public final class RecordResults {
  private RecordResults() {}

  /** A vector of the plane, with an instance @Grad method returning another. */
  public record Vec(double x, double y) {
    @Grad
    public Vec scaled(double s) {
      return new Vec(s * x, s * y);
    }
  }

  /** Mean and variance of a sample, and its size (data). */
  public record Stats(double mean, double variance, int n) {}

  /** Two vectors and a label. */
  public record Pair(Vec a, Vec b, String label) {}

  /** A pendulum's state with the positions it went through. */
  public static final class Trajectory {
    double angle;
    double speed;
    final double[] angles;

    public Trajectory(double angle, double speed, double[] angles) {
      this.angle = angle;
      this.speed = speed;
      this.angles = angles;
    }
  }

  @Grad
  public static Vec rotate(Vec v, double angle) {
    double c = Math.cos(angle);
    double s = Math.sin(angle);
    return new Vec(c * v.x() - s * v.y(), s * v.x() + c * v.y());
  }

  @Grad
  public static Stats stats(double[] xs) {
    double m = 0;
    for (double x : xs) {
      m += x;
    }
    m /= xs.length;
    double v = 0;
    for (double x : xs) {
      v += (x - m) * (x - m);
    }
    return new Stats(m, v / xs.length, xs.length);
  }

  @Grad
  public static Pair moments(double[] xs) {
    double s = 0;
    double q = 0;
    for (double x : xs) {
      s += x;
      q += x * x;
    }
    return new Pair(new Vec(s, q), new Vec(s * q, Math.sqrt(q + 1)), "moments");
  }

  /** An object the method builds, changes and returns, with an array it filled. */
  @Grad
  public static Trajectory swing(double angle, double speed, double dt, int steps) {
    Trajectory t = new Trajectory(angle, speed, new double[steps]);
    for (int i = 0; i < steps; i++) {
      t.speed -= dt * Math.sin(t.angle);
      t.angle += dt * t.speed;
      t.angles[i] = t.angle;
    }
    return t;
  }

  /** The parameter itself, or a new record. */
  @Grad
  public static Vec pick(Vec a, Vec b, double t) {
    return t > 0 ? a : new Vec(b.x() * t, b.y());
  }
}
