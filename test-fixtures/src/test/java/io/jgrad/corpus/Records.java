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

  // ---- sums into arrays of records: which stores may keep adjoint objects in their slots

  /**
   * Updates that are not increments ({@code acc[i] = new Vec(acc[i].x() * w, ...)}, read
   * through components of the element itself), resets to a constant in the middle, and a slot
   * never stored: the slots keep their adjoint objects.
   */
  @Grad
  public static double scaledSlots(Vec[] ps, double k) {
    Vec[] acc = new Vec[ps.length + 1];
    for (int i = 0; i < ps.length; i++) {
      acc[i] = ps[i].scale(k);
    }
    for (int i = 0; i < ps.length; i++) {
      for (int j = 0; j < ps.length; j++) {
        double w = Math.sin(ps[j].x() * k) + 1.5;
        acc[i] = new Vec(acc[i].x() * w, acc[i].y() + w * acc[j].x());
      }
      if (i == 1) {
        acc[0] = Vec.ORIGIN;
      }
    }
    double s = 0.0;
    for (int i = 0; i < ps.length; i++) {
      s += acc[i].x() * (i + 1) + acc[i].y() * acc[i].y();
    }
    return s;
  }

  /** An old element read after the store overwrote it: its adjoint must stay its own. */
  @Grad
  public static double keptOldElement(Vec[] ps, double k) {
    Vec[] acc = new Vec[ps.length];
    for (int i = 0; i < ps.length; i++) {
      acc[i] = ps[i];
    }
    double s = 0.0;
    for (int i = 0; i < ps.length; i++) {
      Vec old = acc[i];
      acc[i] = acc[i].plus(ps[(i + 1) % ps.length].scale(k));
      s += old.dot(acc[i]);
    }
    return s + acc[0].x();
  }

  /** One record stored into one slot and added into another: two holders of one value. */
  @Grad
  public static double sharedStoredValue(Vec[] ps, double k) {
    int n = ps.length;
    Vec[] acc = new Vec[n];
    for (int i = 0; i < n; i++) {
      acc[i] = Vec.ORIGIN;
    }
    for (int i = 0; i < n; i++) {
      Vec p = ps[i].scale(k * (i + 1));
      acc[i] = p;
      acc[(i + 1) % n] = acc[(i + 1) % n].plus(p);
    }
    double s = 0.0;
    for (Vec a : acc) {
      s += a.dot(a);
    }
    return s;
  }

  private static double total(Vec[] vs) {
    double t = 0.0;
    for (Vec v : vs) {
      t += v.x() * v.y();
    }
    return t;
  }

  /** The array handed to a helper between the updates, and its elements copied to another. */
  @Grad
  public static double handedAndCopied(Vec[] ps, double k) {
    int n = ps.length;
    Vec[] acc = new Vec[n];
    Vec[] copies = new Vec[n];
    for (int i = 0; i < n; i++) {
      acc[i] = ps[i].scale(k);
    }
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      copies[i] = acc[i];
      acc[i] = acc[i].plus(ps[(i + 2) % n]);
      s += total(acc);
    }
    for (int i = 0; i < n; i++) {
      s += copies[i].dot(acc[i]);
    }
    return s;
  }

  /** Accumulators in an argument's array: the caller's adjoint objects stay with the caller. */
  @Grad
  public static double intoArgument(Vec[] acc, Vec[] ps, double k) {
    for (int i = 0; i < acc.length; i++) {
      for (int j = 0; j < ps.length; j++) {
        acc[i] = acc[i].plus(ps[j].scale(k * (i - j)));
      }
    }
    double s = 0.0;
    for (Vec a : acc) {
      s += a.dot(a);
    }
    return s;
  }

  /**
   * Increments of slots that keep their adjoint objects, and near misses: the reverse of {@code
   * acc[j] = acc[j].plus(v)} leaves the slot's object in place (the old element's adjoint is the
   * new one's); a component not incremented, a subtracted old element, a second increment of one
   * slot, the old element read again and an index with a remainder must each stay exact.
   */
  @Grad
  public static double incrementedSlots(Vec[] ps, double k) {
    int n = ps.length;
    Vec[] acc = new Vec[n];
    Vec[] bcc = new Vec[n];
    for (int i = 0; i < n; i++) {
      acc[i] = Vec.ORIGIN;
      bcc[i] = ps[i].scale(k);
    }
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        Vec d = ps[j].scale(k * (i + 1));
        acc[j] = acc[j].plus(d);
        acc[j] = d.plus(acc[j]);
        acc[(i + j) % n] = new Vec(acc[(i + j) % n].x() - d.y(), acc[(i + j) % n].y());
        acc[i] = new Vec(acc[i].x() + d.x(), d.y() * k);
        acc[j] = new Vec(d.x() - acc[j].x(), acc[j].y() + d.x());
        Vec old = bcc[j];
        bcc[j] = old.plus(d);
        s += old.x() * d.y();
      }
    }
    for (int i = 0; i < n; i++) {
      s += acc[i].dot(bcc[i]) + Math.sin(acc[i].y());
    }
    return s;
  }

  private static Vec[] pairSums(Vec[] ps, double k) {
    int n = ps.length;
    Vec[] acc = new Vec[n];
    for (int i = 0; i < n; i++) {
      acc[i] = Vec.ORIGIN;
    }
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        Vec d = ps[j].plus(ps[i].scale(-1.0));
        double w = k / (1.0 + d.dot(d));
        acc[i] = acc[i].plus(d.scale(w));
        acc[j] = acc[j].plus(d.scale(-w));
      }
    }
    return acc;
  }

  /**
   * As n-body's leapfrog: a helper's result array of accumulators, read element by element
   * and computed again from moved points, twice.
   */
  @Grad
  public static double steppedPairs(Vec[] ps, double k, double dt) {
    Vec[] xs = ps.clone();
    Vec[] acc = pairSums(xs, k);
    for (int s = 0; s < 2; s++) {
      for (int i = 0; i < xs.length; i++) {
        xs[i] = xs[i].plus(acc[i].scale(dt));
      }
      acc = pairSums(xs, k);
    }
    double e = 0.0;
    for (int i = 0; i < xs.length; i++) {
      e += xs[i].dot(acc[i]) + Math.cos(xs[i].y());
    }
    return e;
  }
}
