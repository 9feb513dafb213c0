package io.jgrad.bench.rows;

import io.jgrad.Grad;

/**
 * Row {@code nbody_energy}: the total energy of a gravitating system (G = 1, Plummer softening
 * {@code eps}) after {@code steps} kick-drift-kick leapfrog steps of size {@code dt}, written with
 * records: {@link Vec3} and an array of {@link Body}.
 *
 * <pre>
 *   a_i = sum_{j != i} m_j (x_j - x_i) / (|x_j - x_i|^2 + eps^2)^(3/2)
 *   E   = sum_i m_i |v_i|^2 / 2  -  sum_{i < j} m_i m_j / sqrt(|x_i - x_j|^2 + eps^2)
 * </pre>
 *
 * <p>The accelerations visit each pair once (Newton's third law). jgrad differentiates with respect
 * to every body's position, velocity and mass, and to dt and eps.
 */
public final class NBodyEnergy {
  private NBodyEnergy() {}

  @Grad
  public static double energyAfter(Body[] bodies, double dt, int steps, double softening) {
    int n = bodies.length;
    Body[] b = bodies.clone();
    Vec3[] acc = accelerations(b, softening);
    for (int s = 0; s < steps; s++) {
      for (int i = 0; i < n; i++) {
        b[i] = b[i].kick(acc[i], 0.5 * dt).drift(dt);
      }
      acc = accelerations(b, softening);
      for (int i = 0; i < n; i++) {
        b[i] = b[i].kick(acc[i], 0.5 * dt);
      }
    }
    return kineticEnergy(b) + potentialEnergy(b, softening);
  }

  static Vec3[] accelerations(Body[] b, double softening) {
    int n = b.length;
    double eps2 = softening * softening;
    Vec3[] acc = new Vec3[n];
    for (int i = 0; i < n; i++) {
      acc[i] = Vec3.ZERO;
    }
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        Vec3 d = b[j].position().minus(b[i].position());
        double r2 = d.dot(d) + eps2;
        double invR3 = 1.0 / (r2 * Math.sqrt(r2));
        acc[i] = acc[i].plus(d.scale(b[j].mass() * invR3));
        acc[j] = acc[j].minus(d.scale(b[i].mass() * invR3));
      }
    }
    return acc;
  }

  static double kineticEnergy(Body[] b) {
    double t = 0.0;
    for (Body body : b) {
      t += body.kineticEnergy();
    }
    return t;
  }

  static double potentialEnergy(Body[] b, double softening) {
    double eps2 = softening * softening;
    double u = 0.0;
    for (int i = 0; i < b.length; i++) {
      for (int j = i + 1; j < b.length; j++) {
        Vec3 d = b[j].position().minus(b[i].position());
        u -= b[i].mass() * b[j].mass() / Math.sqrt(d.dot(d) + eps2);
      }
    }
    return u;
  }
}
