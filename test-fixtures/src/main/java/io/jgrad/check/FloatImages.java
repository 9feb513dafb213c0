package io.jgrad.check;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The harness keeps a {@code float[]}, {@code float[][]} or {@code float[][][]} argument as its
 * <em>image</em>: a {@code double} array of the same shape holding the same values (each one a
 * float), so that layouts, perturbations and comparisons treat it like a {@code double} array
 * (its tangent and adjoint are {@code double} arrays too). Around each call of the primal or a
 * rule the images are turned into float arrays and the float arrays' final contents copied back,
 * row moves included, with the sharing among arguments kept both ways (one image passed twice is
 * one float array passed twice).
 */
final class FloatImages {
  /** Float array to its image, for every float array built or met in this call. */
  private final Map<Object, Object> images = new IdentityHashMap<>();
  private final List<Object> floatArgs = new ArrayList<>();
  private final Object[] actual;

  private FloatImages(Signature signature, Object[] args) {
    actual = args.clone();
    Map<Object, Object> floats = new IdentityHashMap<>(); // image to float array
    for (int i = 0; i < args.length; i++) {
      if (signature.isFloatArray(i) && args[i] != null) {
        actual[i] = toFloats(args[i], floats);
        floatArgs.add(actual[i]);
      }
    }
    floats.forEach((image, array) -> images.put(array, image));
  }

  /** The float arrays for the images among {@code args}. */
  static FloatImages of(Signature signature, Object[] args) {
    return new FloatImages(signature, args);
  }

  /** The arguments to pass: {@code args} with each image replaced by its float array. */
  Object[] actual() {
    return actual;
  }

  /** Copies the float arrays' contents (and rows, wherever they moved) back into the images. */
  void writeBack() {
    for (Object array : floatArgs) {
      imageOf(array, true);
    }
  }

  private Object imageOf(Object array, boolean update) {
    Object image = images.get(array);
    if (image != null && !update) {
      return image;
    }
    if (array instanceof float[] values) {
      double[] out = image != null ? (double[]) image : new double[values.length];
      for (int i = 0; i < values.length; i++) {
        out[i] = values[i];
      }
      images.put(array, out);
      return out;
    }
    Object[] rows = (Object[]) array;
    Object[] out = image != null ? (Object[]) image
        : (Object[]) Array.newInstance(imageType(rows.getClass().getComponentType()), rows.length);
    images.put(array, out);
    for (int i = 0; i < rows.length; i++) {
      out[i] = rows[i] == null ? null : imageOf(rows[i], true);
    }
    return out;
  }

  /** {@code float[]} -> {@code double[]}, {@code float[][]} -> {@code double[][]}. */
  private static Class<?> imageType(Class<?> floatType) {
    return floatType == float[].class ? double[].class : imageType(floatType.getComponentType())
        .arrayType();
  }

  private static Object toFloats(Object image, Map<Object, Object> floats) {
    Object done = floats.get(image);
    if (done != null) {
      return done;
    }
    Object out;
    if (image instanceof double[] values) {
      float[] f = new float[values.length];
      for (int i = 0; i < values.length; i++) {
        f[i] = (float) values[i];
      }
      out = f;
    } else {
      Object[] rows = (Object[]) image;
      Object[] f = (Object[]) Array.newInstance(floatType(rows.getClass().getComponentType()),
          rows.length);
      for (int i = 0; i < rows.length; i++) {
        f[i] = rows[i] == null ? null : toFloats(rows[i], floats);
      }
      out = f;
    }
    floats.put(image, out);
    return out;
  }

  /** {@code double[]} -> {@code float[]}, {@code double[][]} -> {@code float[][]}. */
  private static Class<?> floatType(Class<?> imageType) {
    return imageType == double[].class ? float[].class : floatType(imageType.getComponentType())
        .arrayType();
  }

  /**
   * The image of a caller's argument for a float array parameter: a float array (or a double
   * array, whose values are rounded to float), null if {@code arg} is neither. One array met twice
   * (across the arguments, through {@code seen}) has one image.
   */
  static Object image(Object arg, Map<Object, Object> seen) {
    if (arg == null) {
      return null;
    }
    Object done = seen.get(arg);
    if (done != null) {
      return done;
    }
    Object out;
    if (arg instanceof float[] values) {
      double[] d = new double[values.length];
      for (int i = 0; i < values.length; i++) {
        d[i] = values[i];
      }
      out = d;
    } else if (arg instanceof double[] values) {
      double[] d = new double[values.length];
      for (int i = 0; i < values.length; i++) {
        d[i] = (float) values[i];
      }
      out = d;
    } else if (arg instanceof Object[] rows && (rows.getClass().getComponentType().isArray())) {
      Class<?> element = rows.getClass().getComponentType();
      Class<?> imageElement = element == float[].class || element == double[].class
          ? double[].class : element == float[][].class || element == double[][].class
              ? double[][].class : null;
      if (imageElement == null) {
        return null;
      }
      Object[] d = (Object[]) Array.newInstance(imageElement, rows.length);
      for (int i = 0; i < rows.length; i++) {
        d[i] = image(rows[i], seen);
        if (rows[i] != null && d[i] == null) {
          return null;
        }
      }
      out = d;
    } else {
      return null;
    }
    seen.put(arg, out);
    return out;
  }
}
