package io.jgrad.check;

import java.lang.reflect.Array;
import java.util.Random;

/**
 * The default random points: {@code double} and {@code float} arguments and {@code double[]},
 * {@code double[][]} and {@code double[][][]} entries uniform in {@code [lo, hi]} (a {@code
 * double[]} has {@code arrayLength} entries, a {@code double[][]} is {@code arrayLength x
 * arrayLength}, a {@code double[][][]} is {@code n x r x c} with each size random in {@code 1 ..
 * min(arrayLength, }{@value #MAX_CUBE_LENGTH}{@code )}, drawn once per point so that all the
 * {@code double[][][]} arguments of a point have the same shape; {@code double[0][][]} if {@code
 * arrayLength} is 0), {@code int} and {@code long} uniform in {@code [intLo, intHi]}, {@code
 * boolean} fair coin flips. A record is built through its canonical constructor from components
 * drawn like parameters of their types (also {@code short}, {@code byte}, {@code char} in the int
 * range, an enum a random constant, a {@code String} {@code "s"}); its array components ({@code
 * double[]}, {@code int[]}, {@code long[]}, {@code boolean[]}, {@code String[]} and their
 * matrices) have a random length of 1 to {@value #MAX_COMPONENT_LENGTH} (a matrix is rectangular,
 * both sizes random), a {@code double[][][]} component is rectangular with each size random in
 * {@code 1 .. }{@value #MAX_CUBE_LENGTH}, their entries drawn like the numbers above. A data
 * class ({@link ClassType}) is built likewise, its fields set on a new instance. A record array
 * has {@code arrayLength} records. Other parameter types, and records whose constructor rejects
 * random components (or whose int[] components must be valid indices), need {@link
 * GradCheck#args}.
 */
record ArgumentGenerator(
    Signature signature, double lo, double hi, int arrayLength, int intLo, int intHi) {

  /** The longest array a record component gets. */
  static final int MAX_COMPONENT_LENGTH = 4;

  /** The largest size of each dimension of a generated {@code double[][][]}. */
  static final int MAX_CUBE_LENGTH = 3;

  /** Throws {@link IllegalArgumentException} if some parameter type cannot be generated. */
  ArgumentGenerator {
    for (int i = 0; i < signature.arity(); i++) {
      Class<?> type = signature.type(i);
      boolean generated = signature.kind(i).isArray()
          || (type.isArray() && ValueType.isValueType(type.getComponentType())
              && canGenerate(type.getComponentType()))
          || (!type.isArray() && canGenerate(type));
      if (!generated) {
        throw new IllegalArgumentException(
            "GradCheck cannot generate a " + type.getSimpleName() + " for parameter "
                + signature.name(i) + " of " + signature.describe()
                + "; supply points with args(...)");
      }
    }
  }

  /**
   * True for the types {@link #value} draws: scalars, enums, strings, arrays of them (one or two
   * dimensions), {@code double[][][]}, and records and data classes of them.
   */
  private static boolean canGenerate(Class<?> type) {
    if (type.isPrimitive()) {
      return type != void.class;
    }
    if (type == double[][][].class) {
      return true;
    }
    if (type.isArray()) {
      Class<?> element = type.getComponentType();
      if (ValueType.isValueType(element)) {
        return canGenerate(element); // Particle[]: records drawn one by one
      }
      if (element.isArray()) {
        element = element.getComponentType();
      }
      return !element.isArray() && (element.isPrimitive() || element == String.class)
          && canGenerate(element);
    }
    if (ValueType.isValueType(type)) {
      for (Class<?> component : ValueType.of(type).types) {
        if (component == type || !canGenerate(component)) {
          return false;
        }
      }
      return true;
    }
    return type.isEnum() && type.getEnumConstants().length > 0 || type == String.class;
  }

  Object[] generate(Random random) {
    Object[] args = new Object[signature.arity()];
    int[] cubeShape = null; // drawn at the first double[][][] parameter, shared by the others
    for (int i = 0; i < args.length; i++) {
      Class<?> type = signature.type(i);
      ParamKind kind = signature.kind(i); // a float array too: as its double image
      if (kind == ParamKind.DOUBLE_CUBE) {
        if (cubeShape == null) {
          int max = Math.min(arrayLength, MAX_CUBE_LENGTH);
          cubeShape = max == 0 ? new int[3] : new int[] {
              random.nextInt(1, max + 1), random.nextInt(1, max + 1), random.nextInt(1, max + 1)};
        }
        args[i] = cube(cubeShape, random);
      } else if (kind == ParamKind.DOUBLE_ARRAY) {
        double[] array = new double[arrayLength];
        for (int e = 0; e < array.length; e++) {
          array[e] = uniform(random);
        }
        args[i] = array;
      } else if (kind == ParamKind.DOUBLE_MATRIX) {
        double[][] matrix = new double[arrayLength][arrayLength];
        for (double[] row : matrix) {
          for (int e = 0; e < row.length; e++) {
            row[e] = uniform(random);
          }
        }
        args[i] = matrix;
      } else if (type.isArray()) {
        Object[] records = (Object[]) Array.newInstance(type.getComponentType(), arrayLength);
        for (int e = 0; e < records.length; e++) {
          records[e] = value(type.getComponentType(), random, i);
        }
        args[i] = records;
      } else {
        args[i] = value(type, random, i);
      }
    }
    return args;
  }

  /** A rectangular {@code double[][][]} of shape {@code shape}, entries uniform. */
  private double[][][] cube(int[] shape, Random random) {
    double[][][] cube = new double[shape[0]][shape[1]][shape[2]];
    for (double[][] matrix : cube) {
      for (double[] row : matrix) {
        for (int e = 0; e < row.length; e++) {
          row[e] = uniform(random);
        }
      }
    }
    return cube;
  }

  /** A random value of a type {@link #canGenerate} accepts, for parameter {@code param}. */
  private Object value(Class<?> type, Random random, int param) {
    if (type == double.class) {
      return uniform(random);
    } else if (type == float.class) {
      return (float) uniform(random);
    } else if (type == boolean.class) {
      return random.nextBoolean();
    } else if (type == char.class) {
      return (char) integer(random);
    } else if (type.isPrimitive()) {
      // int, long, short, byte: drawn in the int range, converted like a cast
      long n = integer(random);
      return type == long.class ? (Object) n
          : type == int.class ? (Object) (int) n
          : type == short.class ? (Object) (short) n
          : (Object) (byte) n;
    } else if (type.isEnum()) {
      Object[] constants = type.getEnumConstants();
      return constants[random.nextInt(constants.length)];
    } else if (type == String.class) {
      return "s";
    } else if (type == double[][][].class) {
      // a component double[][][]: rectangular, each size random
      return cube(new int[] {random.nextInt(1, MAX_CUBE_LENGTH + 1),
          random.nextInt(1, MAX_CUBE_LENGTH + 1), random.nextInt(1, MAX_CUBE_LENGTH + 1)}, random);
    } else if (type.isArray()) {
      // a component array: a random length, entries drawn like scalars (rows too)
      int length = random.nextInt(1, MAX_COMPONENT_LENGTH + 1);
      Class<?> element = type.getComponentType();
      Object array = Array.newInstance(element, length);
      int rowLength = random.nextInt(1, MAX_COMPONENT_LENGTH + 1);
      for (int e = 0; e < length; e++) {
        Array.set(array, e, element.isArray() ? row(element, rowLength, random, param)
            : value(element, random, param));
      }
      return array;
    }
    return record(type, random, param);
  }

  private Object row(Class<?> type, int length, Random random, int param) {
    Object row = Array.newInstance(type.getComponentType(), length);
    for (int e = 0; e < length; e++) {
      Array.set(row, e, value(type.getComponentType(), random, param));
    }
    return row;
  }

  private Object record(Class<?> type, Random random, int param) {
    ValueType valueType = ValueType.of(type);
    Object[] values = new Object[valueType.types.length];
    for (int c = 0; c < values.length; c++) {
      values[c] = value(valueType.types[c], random, param);
    }
    try {
      return valueType.construct(null, values);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "GradCheck's random " + type.getSimpleName() + " for parameter "
              + signature.name(param) + " of " + signature.describe()
              + " was rejected by its constructor (" + e + "); supply points with args(...)", e);
    }
  }

  private long integer(Random random) {
    return random.nextLong(intLo, intHi + 1L);
  }

  private double uniform(Random random) {
    return lo + (hi - lo) * random.nextDouble();
  }
}
