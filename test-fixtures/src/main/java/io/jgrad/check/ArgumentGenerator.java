package io.jgrad.check;

import java.util.Random;

/**
 * The default random points: {@code double} and {@code float} arguments and {@code double[]} and
 * {@code double[][]} entries uniform in {@code [lo, hi]} (a {@code double[]} has
 * {@code arrayLength} entries, a {@code double[][]} is {@code arrayLength x arrayLength}),
 * {@code int} and {@code long} uniform in {@code [intLo, intHi]}, {@code boolean} fair coin flips. Other parameter types need
 * {@link GradCheck#args}.
 */
record ArgumentGenerator(
    Signature signature, double lo, double hi, int arrayLength, int intLo, int intHi) {

  /** Throws {@link IllegalArgumentException} if some parameter type cannot be generated. */
  ArgumentGenerator {
    for (int i = 0; i < signature.arity(); i++) {
      Class<?> type = signature.type(i);
      if (!(type == double.class || type == float.class || type == double[].class
          || type == double[][].class || type == int.class || type == long.class || type == boolean.class)) {
        throw new IllegalArgumentException(
            "GradCheck cannot generate a " + type.getSimpleName() + " for parameter "
                + signature.name(i) + " of " + signature.describe()
                + "; supply points with args(...)");
      }
    }
  }

  Object[] generate(Random random) {
    Object[] args = new Object[signature.arity()];
    for (int i = 0; i < args.length; i++) {
      Class<?> type = signature.type(i);
      if (type == double.class) {
        args[i] = uniform(random);
      } else if (type == float.class) {
        args[i] = (float) uniform(random);
      } else if (type == double[].class) {
        double[] array = new double[arrayLength];
        for (int e = 0; e < array.length; e++) {
          array[e] = uniform(random);
        }
        args[i] = array;
      } else if (type == double[][].class) {
        double[][] matrix = new double[arrayLength][arrayLength];
        for (double[] row : matrix) {
          for (int e = 0; e < row.length; e++) {
            row[e] = uniform(random);
          }
        }
        args[i] = matrix;
      } else if (type == int.class) {
        args[i] = (int) random.nextLong(intLo, intHi + 1L);
      } else if (type == long.class) {
        args[i] = random.nextLong(intLo, intHi + 1L);
      } else {
        args[i] = random.nextBoolean();
      }
    }
    return args;
  }

  private double uniform(Random random) {
    return lo + (hi - lo) * random.nextDouble();
  }
}
