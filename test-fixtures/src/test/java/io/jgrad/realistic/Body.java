package io.jgrad.realistic;

/** A point mass with mutable position and velocity, for N-body integrators. */
public final class Body {

    Vec3 position;
    Vec3 velocity;
    final double mass;

    public Body(Vec3 position, Vec3 velocity, double mass) {
        if (mass <= 0) {
            throw new IllegalArgumentException("mass must be positive: " + mass);
        }
        this.position = position;
        this.velocity = velocity;
        this.mass = mass;
    }

    /** Velocity update {@code v += dt * a}. */
    void kick(Vec3 acceleration, double dt) {
        this.velocity = this.velocity.plusScaled(acceleration, dt);
    }

    /** Position update {@code x += dt * v}. */
    void drift(double dt) {
        position = position.plusScaled(velocity, dt);
    }

    double kineticEnergy() {
        return 0.5 * mass * velocity.norm2();
    }

    Vec3 momentum() {
        return velocity.scale(mass);
    }
}
