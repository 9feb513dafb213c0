package io.jgrad.bench.rows;

/** An immutable 3-vector, as vector code in Java writes one: row {@code nbody_energy}. */
public record Vec3(double x, double y, double z) {
  public static final Vec3 ZERO = new Vec3(0.0, 0.0, 0.0);

  public Vec3 plus(Vec3 o) {
    return new Vec3(x + o.x, y + o.y, z + o.z);
  }

  public Vec3 minus(Vec3 o) {
    return new Vec3(x - o.x, y - o.y, z - o.z);
  }

  public Vec3 scale(double s) {
    return new Vec3(s * x, s * y, s * z);
  }

  public double dot(Vec3 o) {
    return x * o.x + y * o.y + z * o.z;
  }

  public double norm() {
    return Math.sqrt(dot(this));
  }
}
