package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * Gravitational N-body system (G = 1) with Plummer softening, integrated by kick-drift-kick
 * leapfrog on an array of mutable {@link Body} objects.
 *
 * <p>Smooth in all double arguments for softening > 0 (no singularity even at collisions).
 * Arguments: n bodies in [2, 8]; positions and velocities flat arrays of length 3n (body i at
 * [3i, 3i+3)), positions in [-1, 1], velocities in [-0.3, 0.3]; masses (length n) in [0.1, 1];
 * dt in [0.001, 0.02]; steps in [0, 200]; softening in [0.05, 0.2].
 *
 * <p>Entry points: {@link #energyAfter} (total energy after the run), {@link #advance} (the same on
 * bodies the caller built, advanced in place), {@link #finalPositions}
 * (flat 3n array), {@link #centreOfMassDrift} (|COM(T) - COM(0) - T * P/M|^2, zero up to rounding;
 * a test of exact cancellation).
 */
public final class NBodySystem {

    private NBodySystem() {}

    static Body[] makeBodies(double[] positions, double[] velocities, double[] masses) {
        int n = masses.length;
        if (positions.length != 3 * n || velocities.length != 3 * n) {
            throw new IllegalArgumentException("expected 3 * " + n + " coordinates, got " + positions.length
                    + " positions and " + velocities.length + " velocities");
        }
        Body[] bodies = new Body[n];
        for (int i = 0; i < n; i++) {
            bodies[i] = new Body(Vec3.fromArray(positions, i), Vec3.fromArray(velocities, i), masses[i]);
        }
        return bodies;
    }

    static Vec3[] accelerations(Body[] bodies, double softening) {
        int n = bodies.length;
        Vec3[] acc = new Vec3[n];
        for (int i = 0; i < n; i++) {
            acc[i] = Vec3.ZERO;
        }
        double eps2 = softening * softening;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                Vec3 d = bodies[j].position.minus(bodies[i].position);
                double r2 = d.norm2() + eps2;
                double invR3 = 1.0 / (r2 * Math.sqrt(r2));
                acc[i] = acc[i].plusScaled(d, bodies[j].mass * invR3);
                acc[j] = acc[j].plusScaled(d, -bodies[i].mass * invR3);
            }
        }
        return acc;
    }

    static double potentialEnergy(Body[] bodies, double softening) {
        double u = 0.0;
        for (int i = 0; i < bodies.length; i++) {
            for (int j = 0; j < i; j++) {
                double r2 = bodies[i].position.minus(bodies[j].position).norm2() + softening * softening;
                u -= bodies[i].mass * bodies[j].mass / Math.sqrt(r2);
            }
        }
        return u;
    }

    static void leapfrog(Body[] bodies, double dt, int steps, double softening) {
        Vec3[] acc = accelerations(bodies, softening);
        for (int s = 0; s < steps; s++) {
            for (int i = 0; i < bodies.length; i++) {
                bodies[i].kick(acc[i], 0.5 * dt);
                bodies[i].drift(dt);
            }
            acc = accelerations(bodies, softening);
            for (int i = 0; i < bodies.length; i++) {
                bodies[i].kick(acc[i], 0.5 * dt);
            }
        }
    }

    static Vec3 centreOfMass(Body[] bodies) {
        Vec3 weighted = Vec3.ZERO;
        double total = 0.0;
        for (Body b : bodies) {
            weighted = weighted.plusScaled(b.position, b.mass);
            total += b.mass;
        }
        return weighted.scale(1.0 / total);
    }

    @Grad
    public static double energyAfter(double[] positions, double[] velocities, double[] masses, double dt, int steps,
                                     double softening) {
        Body[] bodies = makeBodies(positions, velocities, masses);
        leapfrog(bodies, dt, steps, softening);
        double kinetic = 0.0;
        for (Body b : bodies) {
            kinetic += b.kineticEnergy();
        }
        return kinetic + potentialEnergy(bodies, softening);
    }

    /**
     * Advances the bodies in place by {@code steps} leapfrog steps (they hold their final positions and
     * velocities afterwards) and returns the total energy then.
     */
    @Grad
    public static double advance(Body[] bodies, double dt, int steps, double softening) {
        leapfrog(bodies, dt, steps, softening);
        double kinetic = 0.0;
        for (Body b : bodies) {
            kinetic += b.kineticEnergy();
        }
        return kinetic + potentialEnergy(bodies, softening);
    }

    @Grad
    public static double[] finalPositions(double[] positions, double[] velocities, double[] masses, double dt,
                                          int steps, double softening) {
        Body[] bodies = makeBodies(positions, velocities, masses);
        leapfrog(bodies, dt, steps, softening);
        double[] out = new double[3 * bodies.length];
        for (int i = 0; i < bodies.length; i++) {
            bodies[i].position.intoArray(out, i);
        }
        return out;
    }

    @Grad
    public static double centreOfMassDrift(double[] positions, double[] velocities, double[] masses, double dt,
                                           int steps, double softening) {
        Body[] bodies = makeBodies(positions, velocities, masses);
        Vec3 com0 = centreOfMass(bodies);
        Vec3 p = Vec3.ZERO;
        double m = 0.0;
        for (Body b : bodies) {
            p = p.plus(b.momentum());
            m += b.mass;
        }
        leapfrog(bodies, dt, steps, softening);
        Vec3 expected = com0.plusScaled(p, dt * steps / m);
        return centreOfMass(bodies).minus(expected).norm2();
    }
}
