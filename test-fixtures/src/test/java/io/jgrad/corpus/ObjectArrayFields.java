package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Objects that hold arrays of objects, as object-oriented models are written: a particle system
 * with a {@code Particle[]} field and instance methods (one moves the particles it holds), a
 * cluster replacing the records of its {@code Star[]} field as they move, a
 * network whose layers are a private {@code Layer[]} behind a getter, and a chain record of
 * {@code Vec3[]} points with an instance method returning a new chain.
 */
public final class ObjectArrayFields {
  private ObjectArrayFields() {}

  /** A particle on a line, moved in place. */
  public static final class Particle {
    double x;
    double v;
    final double mass;

    public Particle(double x, double v, double mass) {
      this.x = x;
      this.v = v;
      this.mass = mass;
    }
  }

  /** Particles on springs to the origin (stiffness k) and to each other (coupling). */
  public static final class ParticleSystem {
    final Particle[] particles;
    double k;
    final double coupling;

    public ParticleSystem(Particle[] particles, double k, double coupling) {
      this.particles = particles;
      this.k = k;
      this.coupling = coupling;
    }

    /** Kinetic plus potential energy. */
    @Grad
    public double energy() {
      double e = 0.0;
      for (Particle p : particles) {
        e += 0.5 * p.mass * p.v * p.v + 0.5 * k * p.x * p.x;
      }
      for (int i = 1; i < particles.length; i++) {
        double d = particles[i].x - particles[i - 1].x;
        e += 0.5 * coupling * d * d;
      }
      return e;
    }

    /** One symplectic Euler step, in place. */
    @Grad
    public void step(double dt) {
      for (int i = 0; i < particles.length; i++) {
        Particle p = particles[i];
        double force = -k * p.x;
        if (i > 0) {
          force -= coupling * (p.x - particles[i - 1].x);
        }
        if (i < particles.length - 1) {
          force -= coupling * (p.x - particles[i + 1].x);
        }
        p.v += dt * force / p.mass;
      }
      for (Particle p : particles) {
        p.x += dt * p.v;
      }
    }
  }

  /** The energy after a few steps: instance methods called on a system passed in. */
  @Grad
  public static double energyAfter(ParticleSystem system, double dt, int steps) {
    for (int s = 0; s < steps; s++) {
      system.step(dt);
    }
    return system.energy();
  }

  /** A dense layer. */
  public static final class Layer {
    private final double[][] w;
    private final double[] b;

    public Layer(double[][] w, double[] b) {
      this.w = w;
      this.b = b;
    }

    double[] apply(double[] in, boolean hidden) {
      double[] out = new double[b.length];
      for (int i = 0; i < out.length; i++) {
        double s = b[i];
        for (int j = 0; j < in.length; j++) {
          s += w[i][j] * in[j];
        }
        out[i] = hidden ? Math.tanh(s) : s;
      }
      return out;
    }

    double[][] getWeights() {
      return w;
    }
  }

  /** A multilayer perceptron with tanh hidden layers. */
  public static final class Mlp {
    private final Layer[] layers;

    public Mlp(Layer[] layers) {
      this.layers = layers;
    }

    Layer[] getLayers() {
      return layers;
    }

    /** Mean softmax cross-entropy over a batch. */
    @Grad
    public double loss(double[][] xs, int[] labels) {
      double total = 0.0;
      for (int n = 0; n < xs.length; n++) {
        double[] h = xs[n];
        for (int l = 0; l < layers.length; l++) {
          h = layers[l].apply(h, l < layers.length - 1);
        }
        double max = h[0];
        for (double v : h) {
          max = Math.max(max, v);
        }
        double z = 0.0;
        for (double v : h) {
          z += Math.exp(v - max);
        }
        total += Math.log(z) + max - h[labels[n]];
      }
      return total / xs.length;
    }
  }

  /** The loss plus an L2 penalty on the weights, read through getters. */
  @Grad
  public static double regularized(Mlp model, double[][] xs, int[] labels, double lambda) {
    double penalty = 0.0;
    for (Layer layer : model.getLayers()) {
      for (double[] row : layer.getWeights()) {
        for (double v : row) {
          penalty += v * v;
        }
      }
    }
    return model.loss(xs, labels) + lambda * penalty;
  }

  /** A star on a line: an immutable record, replaced as it moves. */
  public record Star(double x, double v, double mass) {
    Star kick(double a, double h) {
      return new Star(x, v + h * a, mass);
    }

    Star drift(double h) {
      return new Star(x + h * v, v, mass);
    }
  }

  /** Stars pulled to the origin with stiffness k: the system replaces its records. */
  public static final class Cluster {
    final Star[] stars;
    final double k;

    public Cluster(Star[] stars, double k) {
      this.stars = stars;
      this.k = k;
    }

    /** One kick-drift step; returns the kinetic energy after it. */
    @Grad
    public double step(double dt) {
      double t = 0.0;
      for (int i = 0; i < stars.length; i++) {
        stars[i] = stars[i].kick(-k * stars[i].x(), dt).drift(dt);
        t += 0.5 * stars[i].mass() * stars[i].v() * stars[i].v();
      }
      return t;
    }
  }

  /** A point in space. */
  public record Vec3(double x, double y, double z) {
    Vec3 minus(Vec3 o) {
      return new Vec3(x - o.x, y - o.y, z - o.z);
    }

    double norm() {
      return Math.sqrt(x * x + y * y + z * z);
    }
  }

  /** A polyline with a tension. */
  public record Chain(Vec3[] points, double tension) {
    /** Tension times length. */
    @Grad
    public double stretchEnergy() {
      double s = 0.0;
      for (int i = 1; i < points.length; i++) {
        s += tension * points[i].minus(points[i - 1]).norm();
      }
      return s;
    }

    /** The chain stretched along x by f, its tension scaled by f. */
    @Grad
    public Chain stretched(double f) {
      Vec3[] p = new Vec3[points.length];
      for (int i = 0; i < p.length; i++) {
        p[i] = new Vec3(points[i].x() * f, points[i].y(), points[i].z());
      }
      return new Chain(p, tension * f);
    }
  }

  /** A chain's energy after stretching, through a static call of its instance methods. */
  @Grad
  public static double stretchedEnergy(Chain chain, double f) {
    return chain.stretched(f).stretchEnergy() + chain.points()[0].norm();
  }
}
