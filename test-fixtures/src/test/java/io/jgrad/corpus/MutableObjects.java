package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Mutable objects: classes used as values whose fields the differentiated code writes, with
 * every assignment operator, through instance methods, through arrays of objects and through
 * helpers; objects shared by two variables or two array positions; a record in a field; a
 * private field; float, int, boolean and String fields; an array field replaced and written.
 */
public final class MutableObjects {
  private MutableObjects() {}

  /** A point of the plane, kept in a walker's field. */
  public record Vec2(double x, double y) {}

  /** A damped 1-D walker. */
  public static final class Walker {
    double x;
    double v;
    final float drag;
    int steps;
    boolean stopped;
    String label;
    Vec2 trail;
    private double energy;

    public Walker(double x, double v, float drag, Vec2 trail) {
      if (drag < 0) {
        throw new IllegalArgumentException("negative drag " + drag);
      }
      this.x = x;
      this.v = v;
      this.drag = drag;
      this.label = "walker";
      this.trail = trail;
    }

    void step(double dt) {
      if (stopped) {
        return;
      }
      v -= drag * v * dt;
      x += v * dt;
      steps++;
      energy = 0.5 * v * v;
      trail = new Vec2(trail.x() + x, trail.y() * 0.5 + v);
    }

    /** Moves and returns the distance travelled. */
    double advance(double dt) {
      double before = x;
      step(dt);
      return x - before;
    }

    double energy() {
      return this.energy;
    }
  }

  /** A walker stepped n times through an instance method, fields read at the end. */
  @Grad
  public static double walk(double x0, double v0, double dt, int n) {
    Walker w = new Walker(x0, v0, 0.25f, new Vec2(x0, v0));
    double travelled = 0.0;
    for (int i = 0; i < n; i++) {
      travelled += w.advance(dt);
      if (w.x > 2.0) {
        w.stopped = true;
        w.label = "stopped at " + i;
      }
    }
    return w.x * travelled + w.energy() + w.trail.x() * w.trail.y() + w.steps;
  }

  /** Every compound operator on double, float-derived and int fields, and their values. */
  @Grad
  public static double operators(double a, double b) {
    Walker w = new Walker(a, b, 0.5f, new Vec2(b, a));
    w.x *= b;
    w.v /= 1.5 + a * a;
    w.x -= w.v;
    w.v += w.x * w.drag;
    double old = w.x++;
    double now = ++w.v;
    w.steps += 3;
    w.steps--;
    double chained = w.x = w.v = a * now;
    w.v %= 0.75;
    return old * now + chained + w.x * w.v + w.steps;
  }

  /** Swaps the velocities of two walkers, which may be the same object. */
  private static void collide(Walker p, Walker q) {
    double t = p.v;
    p.v = q.v;
    q.v = t * 0.9;
  }

  /**
   * An array of walkers built in a loop; one object at two positions of the array; a helper
   * that writes the objects it is passed, once with the same object twice; the fields read
   * through the array afterwards.
   */
  @Grad
  public static double swarm(double[] xs, double[] vs, double dt, int n) {
    Walker[] ws = new Walker[xs.length];
    for (int i = 0; i < xs.length; i++) {
      ws[i] = new Walker(xs[i], vs[i], 0.125f, new Vec2(0, 0));
    }
    Walker first = ws[0];
    ws[ws.length - 1] = first;
    for (int s = 0; s < n; s++) {
      for (Walker w : ws) {
        w.step(dt);
      }
      collide(ws[s % ws.length], ws[(s + 1) % ws.length]);
      collide(first, first);
    }
    double sum = 0.0;
    for (int i = 0; i < ws.length; i++) {
      sum += ws[i].x * (i + 1) + ws[i].v * ws[i].v;
    }
    return sum + first.steps;
  }

  /** A walker passed in and only read, fields and a method. */
  @Grad
  public static double readOnly(Walker w, double s) {
    return s * w.x + w.v * w.v + w.drag * w.energy() + (w.stopped ? 1 : w.steps);
  }

  /** A recorder whose array field is replaced and then written element by element. */
  public static final class Recorder {
    double[] samples;
    int count;

    public Recorder(double[] samples) {
      this.samples = samples;
    }

    void record(double value) {
      if (count == samples.length) {
        double[] bigger = new double[2 * samples.length];
        System.arraycopy(samples, 0, bigger, 0, samples.length);
        samples = bigger;
      }
      samples[count++] = value;
    }
  }

  /** Samples recorded into a growing array field; the array the caller passed is left alone. */
  @Grad
  public static double record(double[] initial, double a, int n) {
    Recorder r = new Recorder(initial.clone());
    double y = a;
    for (int i = 0; i < n; i++) {
      y = Math.sin(y) + a;
      r.record(y * y);
    }
    double s = 0.0;
    for (int i = 0; i < r.count; i++) {
      s += r.samples[i] * (i + 1);
    }
    return s;
  }

  /** A mutable object held by another. */
  public static final class Leaf {
    double v;

    public Leaf(double v) {
      this.v = v;
    }
  }

  /** A mutable object holding another, replaceable. */
  public static final class Branch {
    double v;
    Leaf leaf;

    public Branch(double v, Leaf leaf) {
      this.v = v;
      this.leaf = leaf;
    }
  }

  /**
   * A leaf shared by a branch and a local, changed through the branch, replaced, and the old one
   * changed through the local afterwards.
   */
  @Grad
  public static double linked(double a, double b) {
    Leaf leaf = new Leaf(b);
    Branch branch = new Branch(a, leaf);
    branch.leaf.v *= branch.v;
    double seen = leaf.v;
    branch.leaf = new Leaf(branch.v + leaf.v);
    branch.leaf.v += a * b;
    leaf.v = 0.5 * leaf.v + branch.leaf.v;
    Leaf[] leaves = {leaf, branch.leaf, leaf};
    double s = 0.0;
    for (Leaf l : leaves) {
      s += l.v * l.v;
      l.v = 0.5 * l.v;
    }
    return s + seen * branch.v + leaf.v + branch.leaf.v;
  }

  /** A cursor whose index field picks elements: reads before and after it moves. */
  public static final class Cursor {
    int k;
    double acc;

    public Cursor(int k, double acc) {
      this.k = k;
      this.acc = acc;
    }
  }

  @Grad
  public static double cursor(double[] xs, int steps) {
    Cursor c = new Cursor(0, 1.0);
    for (int i = 0; i < steps; i++) {
      double x = xs[c.k];
      c.acc = c.acc * x + xs[(c.k + 1) % xs.length];
      c.k = (c.k + 2) % xs.length;
      xs[c.k] += c.acc * 0.1;
    }
    return c.acc + xs[c.k];
  }
}
