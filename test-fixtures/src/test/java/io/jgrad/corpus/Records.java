package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Records as data: parameters, locals, array elements and results of helpers; {@code new},
 * accessors, component fields read in the record's own methods, instance methods, static
 * factories, constants, nested records, float/int/enum components, compact constructors that
 * validate.
 */
public final class Records {
  private Records() {}

  /** A 2-vector with the usual methods. */
  public record Vec(double x, double y) {
    static final Vec ORIGIN = new Vec(0.0, 0.0);

    static Vec polar(double r, double angle) {
      return new Vec(r * Math.cos(angle), r * Math.sin(angle));
    }

    Vec plus(Vec o) {
      return new Vec(x + o.x, y + o.y);
    }

    Vec scale(double s) {
      return new Vec(s * x, s * this.y);
    }

    double dot(Vec o) {
      return x * o.x() + y * o.y();
    }

    double norm() {
      return Math.sqrt(dot(this));
    }

    boolean isRightOf(Vec o) {
      return x > o.x;
    }
  }

  /** Kinds of particles; the charge sign. */
  public enum Kind { POSITIVE, NEGATIVE }

  /** A particle: nested records, a float, an int and an enum component. */
  public record Particle(Vec pos, Vec vel, float charge, int id, Kind kind) {
    public Particle {
      if (id < 0) {
        throw new IllegalArgumentException("id must not be negative: " + id);
      }
    }

    double signedCharge() {
      return kind == Kind.POSITIVE ? charge : -charge;
    }

    Particle moved(double dt) {
      return new Particle(pos.plus(vel.scale(dt)), vel, charge, id, kind);
    }
  }

  /** Only data: no tangent. */
  public record Grid(int rows, int cols) {}

  @Grad
  public static double energy(Vec v, double s) {
    Vec w = v.scale(s).plus(Vec.ORIGIN);
    return w.norm() + w.x() * v.y;
  }

  @Grad
  public static double kinetic(Particle p, double dt) {
    Particle q = p.moved(dt);
    double v2 = q.vel().dot(q.vel());
    return 0.5 * q.charge() * v2 + q.pos().norm() * p.signedCharge() + p.id();
  }

  @Grad
  public static double polarSum(double[] r, double[] angle) {
    Vec acc = Vec.ORIGIN;
    for (int i = 0; i < r.length; i++) {
      acc = acc.plus(Vec.polar(r[i], angle[i]));
    }
    return acc.dot(acc);
  }

  @Grad
  public static double swarm(Particle[] ps, double dt, Grid grid) {
    double total = 0;
    for (Particle p : ps) {
      Particle q = p.moved(dt);
      total += q.pos().x() * q.signedCharge() / grid.cols();
    }
    Vec first = ps.length > 0 ? ps[0].pos() : Vec.ORIGIN;
    return total + first.y();
  }

  /** Writes its array of records: each element replaced by a moved copy. */
  @Grad
  public static void step(Particle[] ps, double dt) {
    for (int i = 0; i < ps.length; i++) {
      ps[i] = ps[i].moved(dt);
    }
  }

  @Grad
  public static double[] positions(Vec[] vs, double scale) {
    double[] out = new double[2 * vs.length];
    for (int i = 0; i < vs.length; i++) {
      Vec v = vs[i] == null ? Vec.ORIGIN : vs[i].scale(scale);
      out[2 * i] = v.x();
      out[2 * i + 1] = v.y();
    }
    return out;
  }

  private static Vec[] vectors(double[] xy) {
    Vec[] vs = new Vec[xy.length / 2];
    for (int i = 0; i < vs.length; i++) {
      vs[i] = new Vec(xy[2 * i], xy[2 * i + 1]);
    }
    return vs;
  }

  private static Vec farthest(Vec[] vs) {
    Vec best = vs[0];
    for (Vec v : vs) {
      if (v.norm() > best.norm()) {
        best = v;
      }
    }
    return best;
  }

  @Grad
  public static double farthestNorm(double[] xy) {
    Vec[] vs = vectors(xy);
    Vec far = farthest(vs);
    return far.norm() + (far.isRightOf(vs[0]) ? far.x() : 0.0);
  }

  @Grad
  public static double twice(Vec a, Vec b) {
    Vec[] pair = {a, b, a};
    double s = 0;
    for (Vec v : pair) {
      s += v.dot(b);
    }
    return s;
  }

  /**
   * Records built only to be read back, in loops (inlined {@code scale}, {@code plus} and
   * {@code dot}, as in a leapfrog step): the rules read the arguments they were built from and
   * keep neither them nor cotangent objects; the records stored into {@code xs} keep theirs.
   */
  @Grad
  public static double drifted(Vec[] xs, double dt, int steps) {
    double s = 0.0;
    for (int k = 0; k < steps; k++) {
      for (int i = 0; i < xs.length; i++) {
        Vec v = xs[i].scale(dt).plus(xs[(i + 1) % xs.length]);
        xs[i] = new Vec(v.x() * 0.5, Math.sin(v.y()));
        s += v.dot(xs[i]);
      }
    }
    return s;
  }

  /** A record whose constructor validates is still built, and throws where the primal does. */
  @Grad
  public static double validated(Vec v, int id) {
    Particle p = new Particle(v, v.scale(2.0), 1.0f, id, Kind.POSITIVE);
    return p.pos().x() * p.vel().y();
  }

  /**
   * Pairwise contributions summed into a local array of records (as nbody's accelerations): each
   * store replaces an element whose old value nothing reads on the way back, so the reverse rule
   * keeps only the old element's cotangent object; the sum reads the final elements.
   */
  @Grad
  public static double pairForces(Vec[] ps, double k) {
    Vec[] acc = new Vec[ps.length];
    for (int i = 0; i < ps.length; i++) {
      acc[i] = Vec.ORIGIN;
    }
    for (int i = 0; i < ps.length; i++) {
      for (int j = i + 1; j < ps.length; j++) {
        Vec d = ps[j].plus(ps[i].scale(-1.0));
        double w = k / (1.0 + d.dot(d));
        acc[i] = acc[i].plus(d.scale(w));
        acc[j] = acc[j].plus(d.scale(-w));
      }
    }
    double s = 0.0;
    for (Vec a : acc) {
      s += a.dot(a) + Math.sin(a.x());
    }
    return s;
  }

  /**
   * Sums into record elements that start as one shared record (every slot holds the same object
   * and so the same cotangent), with the slots' records swapped after each pass: the reverse
   * sweep takes each element's cotangent object again where the stores have put it back.
   */
  @Grad
  public static double sharedAccumulators(Vec[] ps, double k) {
    Vec[] acc = new Vec[ps.length];
    acc[0] = ps[0].scale(k);
    for (int i = 1; i < ps.length; i++) {
      acc[i] = acc[i - 1];
    }
    for (int i = 0; i < ps.length; i++) {
      for (int j = 0; j < ps.length; j++) {
        Vec a = acc[j];
        Vec next = a.plus(ps[i].scale(k * (j + 1)));
        acc[j] = next;
      }
      Vec first = acc[0];
      acc[0] = acc[ps.length - 1];
      acc[ps.length - 1] = first;
    }
    double s = 0.0;
    for (int i = 0; i < acc.length; i++) {
      s += acc[i].dot(acc[i]) * (i + 1) + Math.sin(acc[i].y());
    }
    return s;
  }
}
