package io.jgrad.corpus;

import io.jgrad.Grad;

/**
 * Arrays of records and objects that hold arrays: a network as an array of layers passed in, one
 * built inside from a flat parameter vector (objects with a mutable field), and a helper that
 * writes the arrays the layers of a local array hold.
 */
public final class LayerArrays {
  private LayerArrays() {}

  /** A dense layer with a tanh. */
  public record Layer(double[][] w, double[] b) {
    double[] apply(double[] x) {
      double[] y = new double[b.length];
      for (int i = 0; i < y.length; i++) {
        double s = b[i];
        for (int j = 0; j < x.length; j++) {
          s += w[i][j] * x[j];
        }
        y[i] = Math.tanh(s);
      }
      return y;
    }
  }

  /** The squared norm of the network's output. */
  @Grad
  public static double loss(Layer[] layers, double[] x) {
    double[] h = x;
    for (Layer l : layers) {
      h = l.apply(h);
    }
    double s = 0.0;
    for (double v : h) {
      s += v * v;
    }
    return s;
  }

  /** A square linear layer with a scale that decays as it is used. */
  public static final class Dense {
    final double[][] w;
    double scale;

    public Dense(double[][] w, double scale) {
      this.w = w;
      this.scale = scale;
    }
  }

  /** Two layers unpacked from a flat vector, applied, their scales changed. */
  @Grad
  public static double unpacked(double[] flat, double[] x) {
    int n = x.length;
    Dense[] ds = new Dense[2];
    for (int k = 0; k < ds.length; k++) {
      double[][] w = new double[n][n];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          w[i][j] = flat[(k * n + i) * n + j];
        }
      }
      ds[k] = new Dense(w, 1.0 + k);
    }
    double[] h = x.clone();
    for (Dense d : ds) {
      double[] y = new double[n];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          y[i] += d.w[i][j] * h[j] * d.scale;
        }
      }
      d.scale *= 0.5;
      h = y;
    }
    return h[0] * h[n - 1] + ds[0].scale * ds[1].w[0][0];
  }

  /** One gradient-free update of every layer's biases: writes the arrays the layers hold. */
  private static void shift(Layer[] layers, double step) {
    for (Layer l : layers) {
      for (int i = 0; i < l.b().length; i++) {
        l.b()[i] += step * l.w()[i][0];
      }
    }
  }

  /** Layers copied from the ones passed in, shifted by a helper, then applied. */
  @Grad
  public static double shifted(Layer[] layers, double[] x, double step) {
    Layer[] copies = new Layer[layers.length];
    for (int k = 0; k < layers.length; k++) {
      double[][] w = new double[layers[k].w().length][];
      for (int i = 0; i < w.length; i++) {
        w[i] = layers[k].w()[i].clone();
      }
      copies[k] = new Layer(w, layers[k].b().clone());
    }
    shift(copies, step);
    return loss(copies, x) + copies[0].b()[0];
  }
}
