package io.jgrad.corpus;

import io.jgrad.Grad;
import java.util.Arrays;

/**
 * {@code float[]}, {@code float[][]} and {@code float[][][]} differentiated like double arrays
 * (issue 9, item 6): their tangents and adjoints are {@code double} arrays of the same shape, and
 * every value is computed in float exactly as the primal computes it. Weights and activations in
 * float, as ported ML code keeps them; written in place, allocated, cloned, filled and copied.
 */
public final class FloatArrays {
  private FloatArrays() {}

  /** A float dot product, squared: the accumulation rounds to float at every step. */
  @Grad
  public static float dotSquared(float[] w, float[] x) {
    float s = 0f;
    for (int i = 0; i < w.length; i++) {
      s += w[i] * x[i];
    }
    return s * s;
  }

  /** A dense layer in float with a tanh, summed in double: float weights next to double data. */
  @Grad
  public static double denseLayer(float[][] w, float[] b, double[] x) {
    float[] h = new float[b.length];
    double out = 0.0;
    for (int i = 0; i < h.length; i++) {
      h[i] = b[i];
      for (int j = 0; j < x.length; j++) {
        h[i] += w[i][j] * (float) x[j];
      }
      out += Math.tanh(h[i]);
    }
    return out;
  }

  /** Scales a float signal in place (a void method: the output is the array's final contents). */
  @Grad
  public static void scaleInPlace(float[] signal, double gain) {
    for (int i = 0; i < signal.length; i++) {
      signal[i] *= (float) gain;
    }
  }

  /** A float array converted into a double result, squared elementwise. */
  @Grad
  public static double[] widened(float[] a) {
    double[] r = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      r[i] = (double) a[i] * a[i];
    }
    return r;
  }

  /** clone, Arrays.fill, Arrays.copyOf and System.arraycopy on float arrays. */
  @Grad
  public static float copies(float[] a, float c) {
    float[] b = a.clone();
    b[0] *= c;
    float[] z = new float[a.length + 1];
    Arrays.fill(z, c);
    System.arraycopy(b, 0, z, 1, b.length);
    float[] d = Arrays.copyOf(z, 2);
    float s = 0f;
    for (float v : z) {
      s += v * d[1];
    }
    return s + d[0];
  }

  /** A static helper (no @Grad) that writes a float array it is passed and returns a float. */
  @Grad
  public static double throughHelper(float[] a, double k) {
    float[] work = a.clone();
    float peak = normaliseRows(work, (float) k);
    double s = 0.0;
    for (float v : work) {
      s += v * v;
    }
    return s + peak;
  }

  private static float normaliseRows(float[] v, float k) {
    float norm = 0f;
    for (float x : v) {
      norm += x * x;
    }
    norm = (float) Math.sqrt(norm + 1f);
    for (int i = 0; i < v.length; i++) {
      v[i] = k * v[i] / norm;
    }
    return norm;
  }

  /** Rows of a float matrix moved and replaced in place, as for a double[][]. */
  @Grad
  public static void rowMoves(float[][] m, double t) {
    float[] first = m[0];
    m[0] = m[m.length - 1];
    m[m.length - 1] = new float[first.length];
    for (int j = 0; j < first.length; j++) {
      m[m.length - 1][j] = first[j] * (float) t;
    }
    m[0][0] += (float) Math.sin(t);
  }

  /** A float[][][] batch of images, reduced through a float kernel. */
  @Grad
  public static double batchEnergy(float[][][] images, float[] kernel) {
    double e = 0.0;
    for (float[][] image : images) {
      for (float[] row : image) {
        float acc = 0f;
        for (int j = 0; j < row.length; j++) {
          acc += row[j] * kernel[j % kernel.length];
        }
        e += acc * acc;
      }
    }
    return e;
  }
}
