package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Encapsulated model classes read through getters, as Java code is written: private fields
 * behind {@code getWeights()}, {@code getBody()}, {@code getPos()}, a setter, getters called on
 * {@code this} inside the class, a static getter of an element ({@code return rows[i];}) and a
 * chain of them. Each getter's call is read as the path it returns.
 */
public final class Getters {
  private Getters() {}

  /** A point of the plane. */
  public record Vec(double x, double y) {
    Vec half() {
      return new Vec(x / 2, y / 2);
    }
  }

  /** A body with private fields and the usual accessors. */
  public static class Body {
    private Vec pos;
    private final double mass;
    private final double[] trail;

    public Body(Vec pos, double mass, double[] trail) {
      this.pos = pos;
      this.mass = mass;
      this.trail = trail;
    }

    public Vec getPos() {
      return pos;
    }

    public void setPos(Vec pos) {
      this.pos = pos;
    }

    public double getMass() {
      return this.mass;
    }

    public double[] getTrail() {
      return trail;
    }

    public double inertia() {
      return getMass() * getPos().x() * getPos().x();
    }
  }

  /** A model holding an array and an object behind getters. */
  public static class Model {
    private final double[][] weights;
    private final Body anchor;

    public Model(double[][] weights, Body anchor) {
      this.weights = weights;
      this.anchor = anchor;
    }

    public double[][] getWeights() {
      return weights;
    }

    public Body getAnchor() {
      return anchor;
    }
  }

  private static double[] row(double[][] m, int i) {
    return m[i];
  }

  /** Reads through getters only. */
  @Grad
  public static double energy(Model model, Body[] bodies, double k) {
    double e = 0;
    for (Body b : bodies) {
      e += b.inertia() * k + b.getPos().half().y();
      for (double t : b.getTrail()) {
        e += t * b.getMass();
      }
    }
    double[][] w = model.getWeights();
    for (int i = 0; i < w.length; i++) {
      double[] r = row(w, i);
      for (double v : r) {
        e += v * v * model.getAnchor().getPos().x();
      }
    }
    return e + model.getAnchor().getTrail()[0] * model.getWeights()[0][0];
  }

  /** Moves the bodies it is passed through a setter, then reads them. */
  @Grad
  public static double move(Body[] bodies, double dt) {
    for (Body b : bodies) {
      b.setPos(new Vec(b.getPos().x() + dt * b.getMass(), b.getPos().y() * (1 - dt)));
    }
    double e = 0;
    for (Body b : bodies) {
      e += b.getPos().x() * b.getPos().y();
    }
    return e;
  }

  /** Writes into the array a getter returns, of a model the method built. */
  @Grad
  public static double built(double[] w, double a) {
    Model m = new Model(new double[][] {w.clone()}, new Body(new Vec(a, a), 1.0, w.clone()));
    m.getWeights()[0][0] += a * a;
    row(m.getWeights(), 0)[w.length - 1] *= a;
    return m.getWeights()[0][0] + m.getWeights()[0][w.length - 1] + m.getAnchor().getTrail()[0];
  }
}
