package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Constructors that compute fields, differentiated like helpers returning the new object: a
 * copied and scaled array, a field initializer, a parameter normalised in place, a computed
 * record field, a helper call, a field stored as is next to computed ones, validation, objects
 * built in a loop into an array, and a field read by the constructor after it set it.
 */
public final class ComputingConstructors {
  private ComputingConstructors() {}

  /** Values scaled by a factor, copied first. */
  public static final class Scaled {
    final double[] values;
    final double total;
    double[] weights = {0.5, 0.25};

    public Scaled(double[] raw, double k) {
      if (raw.length == 0) {
        throw new IllegalArgumentException("no values");
      }
      double[] v = raw.clone();
      double sum = 0.0;
      for (int i = 0; i < v.length; i++) {
        v[i] *= k;
        sum += v[i];
      }
      this.values = v;
      this.total = sum;
    }

    double weighted() {
      return values[0] * weights[0] + total * weights[1];
    }
  }

  @Grad
  public static double scaled(double[] raw, double k) {
    Scaled s = new Scaled(raw, k);
    return s.weighted() + s.values[s.values.length - 1] * s.total;
  }

  /** A point in polar form, normalised: the radius made positive by reassigning the parameter. */
  public static final class Polar {
    final double r;
    final double theta;
    final ComputingConstructors.Point cartesian;
    final String name;

    public Polar(double r, double theta, String name) {
      if (r < 0) {
        r = -r;
        theta = theta + Math.PI;
      }
      this.r = r;
      this.theta = theta;
      this.cartesian = new Point(r * Math.cos(theta), r * Math.sin(theta));
      this.name = name;
    }
  }

  /** A point of the plane. */
  public record Point(double x, double y) {}

  @Grad
  public static double polar(double r, double theta) {
    Polar p = new Polar(r, theta, "p");
    return p.r * p.cartesian.x() + p.theta * p.cartesian.y();
  }

  /** Running means of a series, from a helper; the series itself stored as it is. */
  public static final class Smoothed {
    final double[] series;
    final double[] means;
    final int window;

    public Smoothed(double[] series, int window) {
      this.series = series;
      this.window = Math.max(1, window);
      this.means = runningMeans(series, this.window);
    }
  }

  private static double[] runningMeans(double[] x, int w) {
    double[] out = new double[x.length];
    double sum = 0.0;
    for (int i = 0; i < x.length; i++) {
      sum += x[i];
      if (i >= w) {
        sum -= x[i - w];
      }
      out[i] = sum / Math.min(i + 1, w);
    }
    return out;
  }

  /** The series is written after the object stored it: the object sees the change. */
  @Grad
  public static double smoothed(double[] series, int window) {
    double[] copy = series.clone();
    Smoothed s = new Smoothed(copy, window);
    copy[0] = copy[0] * copy[0];
    double e = 0.0;
    for (int i = 0; i < s.means.length; i++) {
      e += s.means[i] * s.series[i];
    }
    return e;
  }

  /** Objects built in a loop into an array, each computing a field from its neighbours. */
  @Grad
  public static double chain(double[] xs) {
    Polar[] ps = new Polar[xs.length];
    for (int i = 0; i < xs.length; i++) {
      ps[i] = new Polar(xs[i] - 0.5, i > 0 ? ps[i - 1].theta + xs[i] : xs[i], "link " + i);
    }
    double s = 0.0;
    for (Polar p : ps) {
      s += p.cartesian.x() - p.cartesian.y() * p.r;
    }
    return s;
  }
}
