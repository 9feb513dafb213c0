package io.jgrad.check;

import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Random;
import java.util.StringJoiner;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The primal method under check: its parameters, which of them are differentiable, and helpers
 * that build, copy, perturb and render argument lists for it.
 */
final class Signature {
  final Method primal;
  /** Parameter indexes of the differentiable scalars ({@code double}, {@code float}), in order. */
  final int[] scalarParams;
  /** Parameter indexes of the {@code double[]} parameters, in order. */
  final int[] arrayParams;

  private final ParamKind[] kinds;
  private final String[] names;

  private Signature(Method primal, String[] names) {
    this.primal = primal;
    this.names = names;
    Class<?>[] types = primal.getParameterTypes();
    kinds = Arrays.stream(types).map(ParamKind::of).toArray(ParamKind[]::new);
    scalarParams = indexesWhere(kind -> kind.isScalar());
    arrayParams = indexesWhere(kind -> kind == ParamKind.DOUBLE_ARRAY);
  }

  /** Finds the single static method named {@code name} declared by {@code owner}. */
  static Signature of(Class<?> owner, String name) {
    Method[] candidates =
        Arrays.stream(owner.getDeclaredMethods())
            .filter(m -> m.getName().equals(name) && !m.isSynthetic())
            .toArray(Method[]::new);
    if (candidates.length == 0) {
      throw new IllegalArgumentException(owner.getName() + " declares no method named " + name);
    }
    if (candidates.length > 1) {
      throw new IllegalArgumentException(
          owner.getName() + "." + name + " is overloaded; GradCheck needs a unique name: "
              + Arrays.stream(candidates).map(Method::toString).collect(Collectors.joining("; ")));
    }
    Method method = candidates[0];
    if (!Modifier.isStatic(method.getModifiers())) {
      throw new IllegalArgumentException(method + " is not static");
    }
    if (method.getReturnType() != double.class && method.getReturnType() != float.class) {
      throw new IllegalArgumentException(method + " must return double or float");
    }
    method.setAccessible(true);
    return new Signature(method, Arrays.stream(method.getParameters()).map(p -> p.getName())
        .toArray(String[]::new));
  }

  /** True if the parameter names are the source names (javac {@code -parameters}), not argN. */
  boolean namesKnown() {
    return Arrays.stream(primal.getParameters()).allMatch(p -> p.isNamePresent());
  }

  /** Returns this signature with other parameter names, used in messages. */
  Signature withNames(String[] names) {
    return new Signature(primal, names.clone());
  }

  private int[] indexesWhere(Predicate<ParamKind> test) {
    return IntStream.range(0, kinds.length)
        .filter(i -> test.test(kinds[i]))
        .toArray();
  }

  Class<?> owner() {
    return primal.getDeclaringClass();
  }

  int arity() {
    return kinds.length;
  }

  ParamKind kind(int param) {
    return kinds[param];
  }

  Class<?> type(int param) {
    return primal.getParameterTypes()[param];
  }

  String name(int param) {
    return names[param];
  }

  /** True if a parameter or the result is a {@code float}: finite differences are then coarse. */
  boolean involvesFloat() {
    return primal.getReturnType() == float.class || Arrays.asList(kinds).contains(ParamKind.FLOAT);
  }

  /** For example {@code pkg.Foo.f}. */
  String qualifiedName() {
    return owner().getName() + "." + primal.getName();
  }

  /** For example {@code pkg.Foo.f(double a, double[] x, int n)}. */
  String describe() {
    StringJoiner params = new StringJoiner(", ", qualifiedName() + "(", ")");
    for (int i = 0; i < kinds.length; i++) {
      params.add(type(i).getSimpleName() + " " + name(i));
    }
    return params.toString();
  }

  /** Renders an argument list as {@code name = value} pairs. */
  String describe(Object[] args) {
    StringJoiner joiner = new StringJoiner(", ");
    for (int i = 0; i < args.length; i++) {
      joiner.add(name(i) + " = " + render(args[i]));
    }
    return joiner.toString();
  }

  static String render(Object value) {
    if (value != null && value.getClass().isArray()) {
      String wrapped = Arrays.deepToString(new Object[] {value});
      return wrapped.substring(1, wrapped.length() - 1);
    }
    return String.valueOf(value);
  }

  /**
   * Checks a caller-supplied argument list against the parameters and converts numbers to the
   * parameter types ({@code 2} for a {@code double} parameter becomes {@code 2.0}).
   */
  Object[] normalize(Object[] args) {
    if (args == null || args.length != kinds.length) {
      throw new IllegalArgumentException(
          describe() + " takes " + kinds.length + " arguments, got "
              + (args == null ? "null" : args.length + ": " + Arrays.deepToString(args)));
    }
    Object[] result = new Object[args.length];
    for (int i = 0; i < args.length; i++) {
      result[i] = convert(i, args[i]);
    }
    return result;
  }

  private Object convert(int param, Object arg) {
    Class<?> type = type(param);
    if (arg instanceof Number number) {
      if (type == double.class) {
        return number.doubleValue();
      } else if (type == float.class) {
        return number.floatValue();
      } else if (type == long.class && isIntegral(number)) {
        return number.longValue();
      }
    }
    boolean accepted =
        type.isPrimitive()
            ? wrapper(type).isInstance(arg)
            : type.isInstance(arg) || (arg == null && kinds[param] == ParamKind.PASSIVE);
    if (accepted) {
      return arg;
    }
    throw new IllegalArgumentException(
        "argument " + param + " (" + name(param) + ") of " + describe() + " must be a "
            + type.getSimpleName() + ", got " + (arg == null ? "null" : arg.getClass().getName()));
  }

  private static boolean isIntegral(Number number) {
    return number instanceof Long || number instanceof Integer || number instanceof Short
        || number instanceof Byte;
  }

  private static Class<?> wrapper(Class<?> primitive) {
    return Array.get(Array.newInstance(primitive, 1), 0).getClass();
  }

  /** Returns a copy of {@code args} in which every array is a fresh (shallow) copy. */
  static Object[] copy(Object[] args) {
    Object[] copy = args.clone();
    for (int i = 0; i < copy.length; i++) {
      Object arg = copy[i];
      if (arg != null && arg.getClass().isArray()) {
        int length = Array.getLength(arg);
        Object array = Array.newInstance(arg.getClass().getComponentType(), length);
        System.arraycopy(arg, 0, array, 0, length);
        copy[i] = array;
      }
    }
    return copy;
  }

  /** Returns a vector shaped like the differentiable arguments, filled with zeros. */
  DiffVector zeros(Object[] args) {
    double[][] arrays = new double[arrayParams.length][];
    for (int j = 0; j < arrays.length; j++) {
      arrays[j] = new double[((double[]) args[arrayParams[j]]).length];
    }
    return new DiffVector(new double[scalarParams.length], arrays);
  }

  /** Returns a vector shaped like the differentiable arguments with N(0, 1) entries. */
  DiffVector gaussian(Object[] args, Random random) {
    DiffVector result = zeros(args);
    for (int k = 0; k < result.scalars.length; k++) {
      result.scalars[k] = random.nextGaussian();
    }
    for (double[] array : result.arrays) {
      for (int i = 0; i < array.length; i++) {
        array[i] = random.nextGaussian();
      }
    }
    return result;
  }

  /** Returns the largest absolute value among the differentiable arguments' entries. */
  double maxAbsDifferentiable(Object[] args) {
    double max = 0;
    for (int param : scalarParams) {
      max = Math.max(max, Math.abs(((Number) args[param]).doubleValue()));
    }
    for (int param : arrayParams) {
      for (double v : (double[]) args[param]) {
        max = Math.max(max, Math.abs(v));
      }
    }
    return max;
  }

  /**
   * Returns fresh arguments {@code args + step * direction}. A {@code float} parameter gets
   * {@code (float) (a + step * d)}, so its actual step is rounded to float precision.
   */
  Object[] perturb(Object[] args, DiffVector direction, double step) {
    Object[] result = copy(args);
    for (int k = 0; k < scalarParams.length; k++) {
      int param = scalarParams[k];
      double moved = ((Number) args[param]).doubleValue() + step * direction.scalars[k];
      result[param] = kinds[param] == ParamKind.FLOAT ? (Object) (float) moved : (Object) moved;
    }
    for (int j = 0; j < arrayParams.length; j++) {
      double[] array = (double[]) result[arrayParams[j]];
      for (int i = 0; i < array.length; i++) {
        array[i] += step * direction.arrays[j][i];
      }
    }
    return result;
  }
}
