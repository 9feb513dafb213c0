package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Classes used as values: a layer of a model with array fields (one private), its constructor
 * validating and storing its arguments, instance methods (helpers) and an instance {@code @Grad}
 * method; an enum with a method that switches on {@code this}; a record that holds arrays;
 * passive factories that return objects built from data only.
 */
public final class Objects {
  private Objects() {}

  /** How a layer's outputs are transformed. */
  public enum Link {
    IDENTITY, LOGISTIC, SOFTPLUS;

    double apply(double z) {
      switch (this) {
        case LOGISTIC:
          return 1.0 / (1.0 + Math.exp(-z));
        case SOFTPLUS:
          return z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
        default:
          return z;
      }
    }

    boolean bounded() {
      return this == LOGISTIC;
    }
  }

  /** An affine layer y = scale * (w x + b), then a link. */
  public static final class Layer {
    final double[][] w;
    final double[] b;
    private final double scale;
    final Link link;
    final int outputs;

    public Layer(double[][] w, double[] b, double scale, Link link) {
      if (w.length != b.length) {
        throw new IllegalArgumentException(w.length + " rows but " + b.length + " biases");
      }
      this.w = w;
      this.b = b;
      this.scale = scale;
      this.link = link;
      this.outputs = b.length; // data computed by the constructor
    }

    double[] apply(double[] x) {
      double[] y = new double[outputs];
      for (int i = 0; i < outputs; i++) {
        double s = b[i];
        for (int j = 0; j < x.length; j++) {
          s += w[i][j] * x[j];
        }
        y[i] = link.apply(scale * s);
      }
      return y;
    }

    double weightNorm() {
      double s = 0.0;
      for (double[] row : w) {
        for (double v : row) {
          s += v * v;
        }
      }
      return s + this.scale * this.scale;
    }

    /** An instance entry point with an array result (it has a Jacobian). */
    @Grad
    public double[] outputs(double[] x) {
      double[] y = apply(x);
      y[0] += this.scale * x[x.length - 1];
      return y;
    }

    /** An instance entry point: the layer's weights are differentiated with x. */
    @Grad
    public double energy(double[] x) {
      double[] y = apply(x);
      double e = 0.0;
      for (double v : y) {
        e += v * v;
      }
      return e + 0.01 * weightNorm();
    }
  }

  /** A record that holds arrays: a quadrature rule. */
  public record Rule(String name, double[] nodes, double[] weights) {
    double integrate(double a, double c) {
      double s = 0.0;
      for (int k = 0; k < nodes.length; k++) {
        double t = nodes[k];
        s += weights[k] * Math.exp(-a * t * t) * Math.cos(c * t);
      }
      return s;
    }
  }

  static final Rule SIMPSON = new Rule("simpson", new double[] {0.0, 0.5, 1.0},
      new double[] {1.0 / 6, 4.0 / 6, 1.0 / 6});

  /** A layer built from data only: a passive call, its result has a zero derivative. */
  private static Layer identity(int n) {
    double[][] w = new double[n][n];
    for (int i = 0; i < n; i++) {
      w[i][i] = 1.0;
    }
    return new Layer(w, new double[n], 1.0, Link.IDENTITY);
  }

  private static Rule trapezoid(int n) {
    double[] nodes = new double[n + 1];
    double[] weights = new double[n + 1];
    for (int k = 0; k <= n; k++) {
      nodes[k] = (double) k / n;
      weights[k] = (k == 0 || k == n ? 0.5 : 1.0) / n;
    }
    return new Rule("trapezoid" + n, nodes, weights);
  }

  @Grad
  public static double output(Layer layer, double[] x) {
    double[] y = layer.apply(x);
    double s = 0.0;
    for (int i = 0; i < y.length; i++) {
      s += layer.link.bounded() ? y[i] : y[i] * y[i];
    }
    return s;
  }

  /** Builds the layer here; the bias array is written after the layer holds it. */
  @Grad
  public static double built(double[][] w, double[] bias, double[] x, double scale) {
    double[] b = bias.clone();
    Layer layer = new Layer(w, b, scale, Link.SOFTPLUS);
    double s = layer.apply(x)[0];
    b[0] = s * x[0]; // the layer sees the change: it holds b
    double[] y = layer.apply(x);
    Layer id = identity(x.length);
    double[] z = id.apply(x);
    return s + y[0] + z[z.length - 1] * y[y.length - 1];
  }

  @Grad
  public static double quadrature(double a, double c, double[] nodes, double[] weights) {
    Rule rule = new Rule("given", nodes, weights);
    return rule.integrate(a, c) + SIMPSON.integrate(a, c) + trapezoid(4).integrate(a, c)
        + rule.weights()[0] * rule.nodes().length;
  }

  /** A record parameter that holds arrays, and an enum instance method. */
  @Grad
  public static double linked(Rule rule, double a, Link link) {
    double s = 0.0;
    for (int k = 0; k < rule.nodes().length; k++) {
      s += rule.weights()[k] * link.apply(a * rule.nodes()[k]);
    }
    return s;
  }
}
