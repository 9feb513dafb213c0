package io.jgrad.check;

import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
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
  /**
   * Parameter indexes of the {@code double[]}, {@code double[][]} and {@code double[][][]}
   * parameters, in order.
   */
  final int[] arrayParams;
  /**
   * Parameter indexes of the parameters whose adjoint is a buffer passed after them: the arrays
   * and the (arrays of) differentiable records, in order.
   */
  final int[] bufferParams;
  /** What the primal returns (an {@link ResultKind#ARRAY} for a record result too). */
  final ResultKind result;
  /**
   * The value type of a record (or data class) result, else null: the checks see its entries
   * (its numbers, in its tangent class's order) as the elements of an array result, and {@link
   * RuleMethods} converts between those images and records and tangent objects.
   */
  final ValueType recordResult;

  /** The primal's return type: a scalar, an array or nothing. */
  enum ResultKind {
    /** {@code double} or {@code float}: the forward rule returns a {@code Dual}. */
    SCALAR,
    /** {@code double[]}: the forward rule returns a {@code DualArray}. */
    ARRAY,
    /** {@code void}: the outputs are the final contents of the array parameters. */
    VOID
  }

  private final ParamKind[] kinds;
  private final String[] names;
  /**
   * The parameter types as the rules take them: for an instance method the receiver comes
   * first (the rules are static), as parameter 0.
   */
  private final Class<?>[] types;
  /**
   * The value type (record or data class) of each (array of) differentiable value parameter; null
   * for others.
   */
  private final ValueType[] records;

  private Signature(Method primal, String[] names) {
    this.primal = primal;
    this.names = names;
    this.types = parameterTypes(primal);
    kinds = Arrays.stream(types).map(ParamKind::of).toArray(ParamKind[]::new);
    // a @NoGrad parameter is data: no tangent, no adjoint, passed through like an int
    java.lang.annotation.Annotation[][] annotations = primal.getParameterAnnotations();
    int offset = types.length - annotations.length; // the receiver of an instance method
    for (int i = 0; i < annotations.length; i++) {
      if (Arrays.stream(annotations[i]).anyMatch(a -> a instanceof io.jgrad.NoGrad)) {
        kinds[i + offset] = ParamKind.PASSIVE;
      }
    }
    scalarParams = indexesWhere(kind -> kind.isScalar());
    arrayParams = indexesWhere(kind -> kind.isArray());
    bufferParams = indexesWhere(kind -> kind.hasBuffer());
    records = new ValueType[types.length];
    for (int i = 0; i < types.length; i++) {
      if (kinds[i] == ParamKind.RECORD) {
        records[i] = ValueType.of(types[i]);
      } else if (kinds[i] == ParamKind.RECORD_ARRAY) {
        records[i] = ValueType.of(types[i].getComponentType());
      }
    }
    Class<?> returned = primal.getReturnType();
    recordResult = ValueType.isDifferentiable(returned) ? ValueType.of(returned) : null;
    result =
        returned == double[].class || recordResult != null
            ? ResultKind.ARRAY
            : returned == void.class ? ResultKind.VOID : ResultKind.SCALAR;
  }

  /** The receiver (of an instance method) and the parameters' types. */
  private static Class<?>[] parameterTypes(Method method) {
    Class<?>[] declared = method.getParameterTypes();
    if (Modifier.isStatic(method.getModifiers())) {
      return declared;
    }
    Class<?>[] out = new Class<?>[declared.length + 1];
    out[0] = method.getDeclaringClass();
    System.arraycopy(declared, 0, out, 1, declared.length);
    return out;
  }

  /** True if the primal is an instance method: argument 0 is its receiver. */
  boolean isInstance() {
    return !Modifier.isStatic(primal.getModifiers());
  }

  /** The types of the primal's arguments (the receiver first for an instance method). */
  Class<?>[] types() {
    return types.clone();
  }

  /**
   * Finds the single method named {@code name} declared by {@code owner}: static, or an instance
   * method of a record or a class jgrad treats as a value (its receiver is argument 0, named
   * after its class).
   */
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
    return of(candidates[0]);
  }

  /**
   * The signature of {@code method}: static, or an instance method of a record or a class jgrad
   * treats as a value (its receiver is argument 0, named after its class).
   *
   * @throws IllegalArgumentException if it does not return {@code double}, {@code float}, {@code
   *     double[]}, a differentiable record or data class, or {@code void}
   */
  static Signature of(Method method) {
    Class<?> returned = method.getReturnType();
    if (returned != double.class && returned != float.class && returned != double[].class
        && returned != void.class && !ValueType.isDifferentiable(returned)) {
      throw new IllegalArgumentException(method + " must return double or float, double[], a"
          + " differentiable record or data class, or void");
    }
    method.setAccessible(true);
    java.util.List<String> names = new java.util.ArrayList<>();
    if (!Modifier.isStatic(method.getModifiers())) {
      String simple = method.getDeclaringClass().getSimpleName();
      names.add(Character.toLowerCase(simple.charAt(0)) + simple.substring(1));
    }
    Arrays.stream(method.getParameters()).forEach(p -> names.add(p.getName()));
    return new Signature(method, names.toArray(String[]::new));
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
    return types[param];
  }

  String name(int param) {
    return names[param];
  }

  /**
   * The value type of a record (or data class) parameter or of an array of them; null for other
   * parameters.
   */
  ValueType recordType(int param) {
    return records[param];
  }

  /**
   * The type of a differentiable parameter's tangent and adjoint: {@code double} for a scalar,
   * a double array of the parameter's shape for an array (of doubles or floats), the generated tangent class (or an array of it) for a
   * record (or an array of records); null for a passive parameter.
   */
  Class<?> shadowType(int param) {
    switch (kinds[param]) {
      case DOUBLE:
      case FLOAT:
        return double.class;
      case DOUBLE_ARRAY:
        return double[].class;
      case DOUBLE_MATRIX:
        return double[][].class;
      case DOUBLE_CUBE:
        return double[][][].class;
      case RECORD:
        return records[param].tangentClass();
      case RECORD_ARRAY:
        return records[param].tangentClass().arrayType();
      default:
        return null;
    }
  }

  /**
   * True if a parameter (or a record component in one) or the result is a {@code float}: finite
   * differences are then coarse.
   */
  boolean involvesFloat() {
    return roundsToFloat() || IntStream.range(0, types.length).anyMatch(this::isFloatArray);
  }

  /**
   * True if the result or a scalar input (a parameter or a record component) is a {@code float}:
   * finite differences then use only the large steps ({@link FiniteDifferences#FLOAT_STEPS}).
   * Float arrays alone keep every step: their entries' rounding spoils the small steps' quotients
   * by far more than the tolerance, so those are never the closest, and a quantity with kinks
   * near the point (a Monte Carlo payoff) needs the smaller steps.
   */
  boolean roundsToFloat() {
    return primal.getReturnType() == float.class || Arrays.asList(kinds).contains(ParamKind.FLOAT)
        || Arrays.stream(records).anyMatch(record -> record != null && record.hasFloat());
  }

  /**
   * True for a {@code float[]}, {@code float[][]} or {@code float[][][]} parameter: the harness
   * holds its argument as a double image ({@link FloatImages}).
   */
  boolean isFloatArray(int param) {
    Class<?> t = types[param];
    while (t.isArray()) {
      t = t.getComponentType();
    }
    // a @NoGrad float[] is data, passed through as it is (no double image)
    return t == float.class && types[param].isArray() && kinds[param] != ParamKind.PASSIVE;
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

  /**
   * Renders an argument: arrays by contents, a record or data class holding arrays component by
   * component ({@link ValueType#render}).
   */
  static String render(Object value) {
    return ValueType.render(value);
  }

  /**
   * Checks a caller-supplied argument list against the parameters and converts numbers to the
   * parameter types ({@code 2} for a {@code double} parameter becomes {@code 2.0}). For a method
   * whose only parameter is a {@code double[][]}, a {@code double[][]} passed as the whole list
   * (what varargs does with {@code checkAt(matrix)}) is taken as that one argument; likewise a
   * {@code double[][][]} for a method whose only parameter is one.
   */
  Object[] normalize(Object[] args) {
    boolean whole = kinds.length == 1
        && (args instanceof double[][] && kinds[0] == ParamKind.DOUBLE_MATRIX
            || args instanceof double[][][] && kinds[0] == ParamKind.DOUBLE_CUBE);
    if (whole) {
      // checkAt(matrix) or a generator returning args(matrix): Java's varargs passed the
      // double[][] (or double[][][]) itself as the argument array; it is the single argument
      args = new Object[] {args};
    }
    if (args == null || args.length != kinds.length) {
      throw new IllegalArgumentException(
          describe() + " takes " + kinds.length + " arguments, got "
              + (args == null ? "null" : args.length + ": " + Arrays.deepToString(args)));
    }
    Object[] result = new Object[args.length];
    Map<Object, Object> images = new IdentityHashMap<>();
    for (int i = 0; i < args.length; i++) {
      result[i] = convert(i, args[i], images);
    }
    return result;
  }

  private Object convert(int param, Object arg, Map<Object, Object> images) {
    Class<?> type = type(param);
    if (isFloatArray(param) && arg != null) {
      Object image = FloatImages.image(arg, images);
      if (image != null && image.getClass() == shadowType(param)) {
        return image;
      }
      throw new IllegalArgumentException("argument " + param + " (" + name(param) + ") of "
          + describe() + " must be a " + type.getSimpleName() + ", got "
          + arg.getClass().getSimpleName());
    }
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
    Object twin = twin(arg, type);
    if (twin != null) {
      return twin;
    }
    throw new IllegalArgumentException(
        "argument " + param + " (" + name(param) + ") of " + describe() + " must be a "
            + type.getSimpleName() + ", got " + (arg == null ? "null" : arg.getClass().getName()));
  }

  /**
   * {@code value} as an instance of {@code type}, if {@code value} is a record, a data class
   * object, an enum constant or an array of records of another class with the same simple name
   * and the same components
   * (the same source compiled twice: by javac and, into another package, by ecj); else null.
   */
  static Object twin(Object value, Class<?> type) {
    if (value == null || !value.getClass().getSimpleName().equals(type.getSimpleName())) {
      return null;
    }
    try {
      if (type.isArray() && value.getClass().isArray()) {
        int n = Array.getLength(value);
        Object out = Array.newInstance(type.getComponentType(), n);
        for (int i = 0; i < n; i++) {
          Object e = Array.get(value, i);
          Object converted = e == null || type.getComponentType().isInstance(e) ? e
              : twin(e, type.getComponentType());
          if (e != null && converted == null) {
            return null;
          }
          Array.set(out, i, converted);
        }
        return out;
      }
      if (type.isEnum() && value instanceof Enum<?> constant) {
        for (Object c : type.getEnumConstants()) {
          if (((Enum<?>) c).name().equals(constant.name())) {
            return c;
          }
        }
        return null;
      }
      boolean records = type.isRecord() && value instanceof Record;
      boolean classes = !type.isRecord() && !(value instanceof Record)
          && ValueType.isValueType(type) && ValueType.isValueType(value.getClass());
      if (records || classes) {
        // a record (its components) or a data class (its fields), by name and in order
        ValueType to = ValueType.of(type);
        ValueType from = ValueType.of(value.getClass());
        if (!Arrays.equals(to.names, from.names)) {
          return null;
        }
        Object[] values = new Object[to.names.length];
        for (int k = 0; k < values.length; k++) {
          Object v = from.component(value, k);
          Class<?> t = to.types[k];
          values[k] = t.isPrimitive() || t.isInstance(v) || v == null ? v : twin(v, t);
          if (v != null && values[k] == null) {
            return null;
          }
        }
        return to.construct(null, values);
      }
    } catch (RuntimeException e) {
      return null;
    }
    return null;
  }

  private static boolean isIntegral(Number number) {
    return number instanceof Long || number instanceof Integer || number instanceof Short
        || number instanceof Byte;
  }

  private static Class<?> wrapper(Class<?> primitive) {
    return Array.get(Array.newInstance(primitive, 1), 0).getClass();
  }

  /**
   * Returns a copy of {@code args} in which every array, every row of a {@code double[][]} and
   * every sub-matrix and row of a {@code double[][][]} is a fresh copy, and so is every record
   * holding arrays and every data class object, with fresh copies of its arrays (records of
   * numbers, immutable, are shared). The copies keep the identities among the originals: an array
   * passed for two parameters (or a row, or a sub-matrix, that is also passed on its own, or an
   * array a record holds and also passed on its own) is copied once and the copy appears in every
   * place, so aliasing survives copying.
   */
  static Object[] copy(Object[] args) {
    Map<Object, Object> copies = new IdentityHashMap<>();
    Object[] copy = args.clone();
    for (int i = 0; i < copy.length; i++) {
      copy[i] = ValueType.copy(copy[i], copies);
    }
    return copy;
  }
}
