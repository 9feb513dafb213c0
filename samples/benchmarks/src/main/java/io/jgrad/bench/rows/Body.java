package io.jgrad.bench.rows;

/** A point mass: row {@code nbody_energy}. A leapfrog step builds new bodies. */
public record Body(Vec3 position, Vec3 velocity, double mass) {
  /** Velocity update {@code v + h a}. */
  public Body kick(Vec3 acceleration, double h) {
    return new Body(position, velocity.plus(acceleration.scale(h)), mass);
  }

  /** Position update {@code x + h v}. */
  public Body drift(double h) {
    return new Body(position.plus(velocity.scale(h)), velocity, mass);
  }

  public double kineticEnergy() {
    return 0.5 * mass * velocity.dot(velocity);
  }
}
