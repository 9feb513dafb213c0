package io.jgrad.realistic;

import io.jgrad.Grad;

/**
 * A damped, driven pendulum integrated with classical fourth-order Runge-Kutta, written with a
 * small immutable {@code State} record. Also a parameter-estimation loss that fits length and
 * damping to observed angles.
 *
 * <p>Smooth in all double arguments (the dynamics are analytic); the number of steps is an
 * {@code int} and not differentiated. Arguments: theta0 in [-1.5, 1.5], omega0 in [-1, 1],
 * length in [0.5, 2], damping in [0, 0.5], drive amplitude in [0, 0.5], drive frequency in [0.5, 2],
 * dt in [0.005, 0.05], steps in [1, 400].
 *
 * <p>Entry points: {@link #finalEnergy}, {@link #trajectory} (returns steps + 1 angles),
 * {@link #fitLoss}(params = {length, damping}, observed[], theta0, omega0, dt, stepsPerObservation):
 * observed of length 1..30 with values in [-1.5, 1.5], stepsPerObservation in [1, 20].
 */
public final class PendulumRk4 {

    private PendulumRk4() {}

    static final double GRAVITY = 9.80665;

    /** Angle and angular velocity. */
    public record State(double theta, double omega) {

        public State plus(State o) {
            return new State(theta + o.theta, omega + o.omega);
        }

        public State scale(double s) {
            return new State(s * theta, s * omega);
        }

        /** {@code this + h * d}. */
        public State step(State d, double h) {
            return new State(theta + h * d.theta, omega + h * d.omega);
        }
    }

    /** Physical parameters of the pendulum and its drive. */
    public record Params(double length, double damping, double driveAmplitude, double driveFrequency) {}

    static State derivative(double t, State s, Params p) {
        double accel = -GRAVITY / p.length() * Math.sin(s.theta()) - p.damping() * s.omega()
                + p.driveAmplitude() * Math.cos(p.driveFrequency() * t);
        return new State(s.omega(), accel);
    }

    static State rk4Step(double t, State s, double dt, Params p) {
        State k1 = derivative(t, s, p);
        State k2 = derivative(t + 0.5 * dt, s.step(k1, 0.5 * dt), p);
        State k3 = derivative(t + 0.5 * dt, s.step(k2, 0.5 * dt), p);
        State k4 = derivative(t + dt, s.step(k3, dt), p);
        State increment = k1.plus(k2.scale(2.0)).plus(k3.scale(2.0)).plus(k4);
        return s.step(increment, dt / 6.0);
    }

    static double energy(State s, double length) {
        double kinetic = 0.5 * length * length * s.omega() * s.omega();
        double potential = GRAVITY * length * (1.0 - Math.cos(s.theta()));
        return kinetic + potential;
    }

    /** Mechanical energy per unit mass after {@code steps} steps. */
    @Grad
    public static double finalEnergy(double theta0, double omega0, double length, double damping,
                                     double driveAmplitude, double driveFrequency, double dt, int steps) {
        Params p = new Params(length, damping, driveAmplitude, driveFrequency);
        State s = new State(theta0, omega0);
        double t = 0.0;
        for (int i = 0; i < steps; i++) {
            s = rk4Step(t, s, dt, p);
            t += dt;
        }
        return energy(s, length);
    }

    @Grad
    public static double[] trajectory(double theta0, double omega0, double length, double damping, double dt,
                                      int steps) {
        Params p = new Params(length, damping, 0.0, 1.0);
        double[] angles = new double[steps + 1];
        State s = new State(theta0, omega0);
        angles[0] = s.theta();
        for (int i = 1; i <= steps; i++) {
            s = rk4Step((i - 1) * dt, s, dt, p);
            angles[i] = s.theta();
        }
        return angles;
    }

    @Grad
    public static double fitLoss(double[] params, double[] observed, double theta0, double omega0, double dt,
                                 int stepsPerObservation) {
        Params p = new Params(params[0], params[1], 0.0, 1.0);
        State s = new State(theta0, omega0);
        double t = 0.0;
        double loss = 0.0;
        for (double target : observed) {
            for (int k = 0; k < stepsPerObservation; k++) {
                s = rk4Step(t, s, dt, p);
                t += dt;
            }
            double r = s.theta() - target;
            loss += r * r;
        }
        return loss / observed.length;
    }
}
