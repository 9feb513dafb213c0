package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * {@code @Grad} methods that change the objects they are passed, as simulations are written:
 * particles stepped in place and an energy returned, a {@code void} step, fields read before
 * and after they are written, a record field and an object field reassigned, elements of an
 * array of objects swapped, counters, two objects written, instance methods changing their
 * receiver. The rules leave the objects as the primal does; the adjoint buffers follow the
 * array conventions (the cotangent of the final fields on entry, of the entry fields on return).
 */
public final class ChangedObjects {
  private ChangedObjects() {}

  /** A point of the plane. */
  public record Vec(double x, double y) {
    Vec plus(Vec o) {
      return new Vec(x + o.x, y + o.y);
    }

    Vec times(double s) {
      return new Vec(s * x, s * y);
    }
  }

  /** A particle on a line with a reflecting wall at -5. */
  public static final class Particle {
    double x;
    double v;
    final double mass;
    int bounces;

    public Particle(double x, double v, double mass) {
      this.x = x;
      this.v = v;
      this.mass = mass;
    }

    void kick(double force, double dt) {
      v += dt * force / mass;
    }

    void drift(double dt) {
      x += dt * v;
      if (x < -5) {
        x = -10 - x;
        v = -v;
        bounces++;
      }
    }
  }

  /** A body of the plane whose position and velocity are records, replaced at each step. */
  public static final class Body {
    Vec pos;
    Vec vel;
    final double mass;

    public Body(Vec pos, Vec vel, double mass) {
      this.pos = pos;
      this.vel = vel;
      this.mass = mass;
    }
  }

  /** A value attached to a body, re-attached to another. */
  public static final class Node {
    double value;
    Body body;

    public Node(double value, Body body) {
      this.value = value;
      this.body = body;
    }
  }

  /** Weights and a scale the instance methods change. */
  public static final class Cloud {
    final double[] weights;
    double scale;

    public Cloud(double[] weights, double scale) {
      this.weights = weights;
      this.scale = scale;
    }

    /** Changes its receiver and returns nothing. */
    @Grad
    public void rescale(double factor) {
      scale *= factor;
    }

    /** Changes its receiver, then reads it. */
    @Grad
    public double energy(double k) {
      scale = scale * k;
      double s = 0;
      for (double w : weights) {
        s += w * w * scale;
      }
      return s;
    }
  }

  /** Harmonic particles stepped in place with helpers; returns their final kinetic energy. */
  @Grad
  public static double simulate(Particle[] particles, double k, double dt, int steps) {
    for (int s = 0; s < steps; s++) {
      for (Particle p : particles) {
        p.kick(-k * p.x, dt);
        p.drift(dt);
      }
    }
    double e = 0;
    for (Particle p : particles) {
      e += 0.5 * p.mass * p.v * p.v;
    }
    return e;
  }

  /** One particle, one step: a void method whose output is the particle. */
  @Grad
  public static void step(Particle p, double dt) {
    p.v -= dt * Math.sin(p.x);
    p.x += dt * p.v;
  }

  /** Reads fields before and after writing them. */
  @Grad
  public static double relax(Particle p, double rate) {
    double before = p.x * p.x;
    p.x *= Math.exp(-rate);
    p.v = p.v * 0.5 + p.x;
    return before + p.x * p.v;
  }

  /** Record fields reassigned (a leapfrog step). */
  @Grad
  public static double leapfrog(Body b, double dt) {
    b.vel = b.vel.plus(b.pos.times(-dt));
    b.pos = b.pos.plus(b.vel.times(dt));
    return b.pos.x() * b.pos.y() + b.vel.x();
  }

  /** An object field pointed at another object passed in. */
  @Grad
  public static double relink(Node n, Body other, double t) {
    double before = n.body.mass * n.value;
    n.body = other;
    n.value = n.value * t + other.pos.x();
    return before + n.value * n.body.vel.y();
  }

  /** Elements of an array of objects swapped, then one of them changed. */
  @Grad
  public static double swap(Body[] bodies, double t) {
    Body first = bodies[0];
    bodies[0] = bodies[bodies.length - 1];
    bodies[bodies.length - 1] = first;
    bodies[0].pos = bodies[0].pos.times(t);
    return bodies[0].pos.x() + 2 * bodies[bodies.length - 1].vel.y();
  }

  /** Two objects written: passing one object for both is an IllegalArgumentException. */
  @Grad
  public static void transfer(Node from, Node to, double rate) {
    double moved = from.value * rate;
    from.value -= moved;
    to.value += moved * moved;
  }
}
