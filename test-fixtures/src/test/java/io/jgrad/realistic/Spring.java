package io.jgrad.realistic;

/** A linear spring (with dashpot) between particles {@code a} and {@code b}. */
public record Spring(int a, int b, double restLength, double stiffness, double damping) {

    public Spring {
        if (a == b) {
            throw new IllegalArgumentException("spring connects particle " + a + " to itself");
        }
    }

    /** Tension (positive when stretched) for the current state of the two particles. */
    double tension(Particle pa, Particle pb) {
        double stretch = (pb.x - pa.x) - restLength;
        double rate = pb.v - pa.v;
        return stiffness * stretch + damping * rate;
    }

    double potentialEnergy(Particle pa, Particle pb) {
        double stretch = (pb.x - pa.x) - restLength;
        return 0.5 * stiffness * stretch * stretch;
    }
}
