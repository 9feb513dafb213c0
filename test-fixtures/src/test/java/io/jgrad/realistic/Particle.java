package io.jgrad.realistic;

/** A 1-D particle with mutable position, velocity and force accumulator. */
public final class Particle {

    double x;
    double v;
    double force;
    final double m;
    final boolean pinned;

    public Particle(double x, double v, double m, boolean pinned) {
        if (m <= 0) {
            throw new IllegalArgumentException("particle mass must be positive: " + m);
        }
        this.x = x;
        this.v = v;
        this.m = m;
        this.pinned = pinned;
    }

    void clearForce() {
        force = 0.0;
    }

    void addForce(double f) {
        this.force += f;
    }

    /** Semi-implicit (symplectic) Euler step. */
    void integrate(double dt) {
        if (pinned) {
            return;
        }
        v += dt * force / m;
        x += dt * v;
    }

    double kineticEnergy() {
        return 0.5 * m * v * v;
    }
}
