package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * A 1-D chain of masses joined by damped springs, the first mass pinned to a wall and a constant
 * pull on the last one; integrated with semi-implicit Euler on {@link Particle} objects. Used to
 * fit spring stiffnesses to an observed final configuration.
 *
 * <p>Smooth (polynomial) in all double arguments. Arguments: n masses in [2, 10]; stiffness length
 * n-1 in [5, 50]; masses length n in [0.5, 2]; damping in [0, 1]; restLength in [0.5, 1.5];
 * pull in [-2, 2]; dt in [0.001, 0.01] (keep dt * sqrt(k/m) < 0.5 for stability); steps in [0, 300].
 *
 * <p>Entry points: {@link #simulate}(stiffness, masses, damping, restLength, pull, dt, steps)
 * returns the n final positions; {@link #totalEnergy}(same) returns kinetic + spring energy at the
 * end; {@link #springEnergy}(positions, springs) with springs built as
 * {@code new Spring(i, i + 1, rest, k, 0.0)} (rest in [0.5, 1.5], k in [1, 50]) and positions in
 * [0, n]; {@link #fitLoss}(stiffness, observed, masses, damping, restLength, pull, dt, steps).
 */
public final class SpringMassChain {

    private SpringMassChain() {}

    static Particle[] restingChain(double[] masses, double restLength) {
        Particle[] particles = new Particle[masses.length];
        for (int i = 0; i < masses.length; i++) {
            particles[i] = new Particle(i * restLength, 0.0, masses[i], i == 0);
        }
        return particles;
    }

    static Spring[] chainSprings(double[] stiffness, double restLength, double damping) {
        Spring[] springs = new Spring[stiffness.length];
        for (int i = 0; i < springs.length; i++) {
            springs[i] = new Spring(i, i + 1, restLength, stiffness[i], damping);
        }
        return springs;
    }

    static void run(Particle[] particles, Spring[] springs, double pull, double dt, int steps) {
        Particle last = particles[particles.length - 1];
        for (int s = 0; s < steps; s++) {
            for (Particle p : particles) {
                p.clearForce();
            }
            for (Spring spring : springs) {
                Particle pa = particles[spring.a()];
                Particle pb = particles[spring.b()];
                double t = spring.tension(pa, pb);
                pa.addForce(t);
                pb.addForce(-t);
            }
            last.addForce(pull);
            for (Particle p : particles) {
                p.integrate(dt);
            }
        }
    }

    private static void checkLengths(double[] stiffness, double[] masses) {
        if (stiffness.length != masses.length - 1) {
            throw new IllegalArgumentException(masses.length + " masses need " + (masses.length - 1)
                    + " springs, got " + stiffness.length);
        }
    }

    @Grad
    public static double[] simulate(double[] stiffness, double[] masses, double damping, double restLength,
                                    double pull, double dt, int steps) {
        checkLengths(stiffness, masses);
        Particle[] particles = restingChain(masses, restLength);
        run(particles, chainSprings(stiffness, restLength, damping), pull, dt, steps);
        double[] x = new double[particles.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = particles[i].x;
        }
        return x;
    }

    @Grad
    public static double totalEnergy(double[] stiffness, double[] masses, double damping, double restLength,
                                     double pull, double dt, int steps) {
        checkLengths(stiffness, masses);
        Particle[] particles = restingChain(masses, restLength);
        Spring[] springs = chainSprings(stiffness, restLength, damping);
        run(particles, springs, pull, dt, steps);
        double e = 0.0;
        for (Particle p : particles) {
            e += p.kineticEnergy();
        }
        for (Spring s : springs) {
            e += s.potentialEnergy(particles[s.a()], particles[s.b()]);
        }
        return e;
    }

    @Grad
    public static double springEnergy(double[] positions, Spring[] springs) {
        double e = 0.0;
        for (Spring s : springs) {
            double stretch = positions[s.b()] - positions[s.a()] - s.restLength();
            e += 0.5 * s.stiffness() * stretch * stretch;
        }
        return e;
    }

    @Grad
    public static double fitLoss(double[] stiffness, double[] observed, double[] masses, double damping,
                                 double restLength, double pull, double dt, int steps) {
        double[] x = simulate(stiffness, masses, damping, restLength, pull, dt, steps);
        double loss = 0.0;
        for (int i = 1; i < x.length; i++) { // the pinned mass carries no information
            double r = x[i] - observed[i];
            loss += r * r;
        }
        return loss;
    }
}
