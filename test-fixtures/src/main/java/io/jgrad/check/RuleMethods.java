package io.jgrad.check;

import io.jgrad.Dual;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The generated rules of one primal method, found by reflection from the naming scheme in the
 * README ("The generated API"), and typed wrappers that call them.
 */
final class RuleMethods {
  /** A reverse-mode result: the value and a gradient shaped like the differentiable arguments. */
  record Gradient(double value, DiffVector bars) {}

  private final Signature signature;
  private final Method forward;
  private final Method reverse;
  private final Method adjoint;
  /** Accessors of the reverse record: {@code value} first, then one per differentiable param. */
  private final Method[] gradientAccessors;

  private RuleMethods(
      Signature signature, Method forward, Method reverse, Method adjoint, Method[] accessors) {
    this.signature = signature;
    this.forward = forward;
    this.reverse = reverse;
    this.adjoint = adjoint;
    this.gradientAccessors = accessors;
  }

  /** Finds the rules of {@code signature}'s method; a missing or malformed rule fails the check. */
  static RuleMethods find(Signature signature) {
    Class<?> owner = signature.owner();
    Method primal = signature.primal;
    Class<?> frule = ruleClass(signature, ruleClassName(owner, "_Frule"));
    Class<?> rrule = ruleClass(signature, ruleClassName(owner, "_Rrule"));

    List<Class<?>> forwardTypes = new ArrayList<>();
    List<Class<?>> adjointTypes = new ArrayList<>();
    for (int i = 0; i < signature.arity(); i++) {
      Class<?> type = signature.type(i);
      forwardTypes.add(type);
      adjointTypes.add(type);
      if (signature.kind(i).isScalar()) {
        forwardTypes.add(double.class);
      } else if (signature.kind(i) == ParamKind.DOUBLE_ARRAY) {
        forwardTypes.add(double[].class);
        adjointTypes.add(double[].class);
      }
    }
    adjointTypes.add(double.class);
    if (signature.scalarParams.length > 0) {
      adjointTypes.add(double[].class);
    }

    Method forward = method(signature, frule, primal.getName(), forwardTypes);
    requireReturn(signature, forward, forward.getReturnType() == Dual.class, "io.jgrad.Dual");
    Method adjoint = method(signature, rrule, primal.getName() + "Adjoint", adjointTypes);
    requireReturn(signature, adjoint, isScalar(adjoint.getReturnType()), "double");
    Method reverse =
        method(signature, rrule, primal.getName(), Arrays.asList(primal.getParameterTypes()));
    requireReturn(signature, reverse, reverse.getReturnType().isRecord(), "a record");
    Method[] accessors = gradientAccessors(signature, reverse);
    Signature named = namedFromGradient(signature, reverse);
    return new RuleMethods(named, forward, reverse, adjoint, accessors);
  }

  /** {@code pkg.Outer$Inner} and {@code "_Frule"} give {@code pkg.Outer_Inner_Frule}. */
  static String ruleClassName(Class<?> owner, String suffix) {
    String pkg = owner.getPackageName();
    String binary = owner.getName().substring(pkg.isEmpty() ? 0 : pkg.length() + 1);
    return (pkg.isEmpty() ? "" : pkg + ".") + binary.replace('$', '_') + suffix;
  }

  private static Class<?> ruleClass(Signature signature, String name) {
    try {
      return Class.forName(name, true, signature.owner().getClassLoader());
    } catch (ClassNotFoundException e) {
      throw lookupFailure(signature)
          .with("missing", "class " + name)
          .with("hint", "is the method annotated with @io.jgrad.Grad and does the build run"
              + " jgrad's annotation processor?")
          .error();
    }
  }

  private static Method method(
      Signature signature, Class<?> ruleClass, String name, List<Class<?>> types) {
    try {
      Method method = ruleClass.getDeclaredMethod(name, types.toArray(Class<?>[]::new));
      method.setAccessible(true);
      return method;
    } catch (NoSuchMethodException e) {
      String found =
          Arrays.stream(ruleClass.getDeclaredMethods())
              .filter(m -> m.getName().equals(name))
              .map(Method::toString)
              .collect(Collectors.joining("; "));
      throw lookupFailure(signature)
          .with("missing", "static method " + ruleClass.getName() + "." + name + "("
              + types.stream().map(Class::getSimpleName).collect(Collectors.joining(", ")) + ")")
          .with("found", found.isEmpty() ? "no method named " + name : found)
          .error();
    }
  }

  private static void requireReturn(
      Signature signature, Method method, boolean ok, String expected) {
    if (!ok) {
      throw lookupFailure(signature)
          .with("malformed", method.toString())
          .with("expected", "return type " + expected)
          .error();
    }
  }

  private static Method[] gradientAccessors(Signature signature, Method reverse) {
    List<ParamKind> kinds = new ArrayList<>(List.of(ParamKind.DOUBLE));
    List<String> names = new ArrayList<>(List.of("value"));
    for (int i = 0; i < signature.arity(); i++) {
      if (signature.kind(i) != ParamKind.PASSIVE) {
        kinds.add(signature.kind(i));
        names.add(signature.name(i) + "Bar");
      }
    }
    // Without javac -parameters the primal's names are arg0, arg1, ...: only types are checked.
    boolean namesKnown = signature.namesKnown();
    RecordComponent[] components = reverse.getReturnType().getRecordComponents();
    boolean ok = components.length == kinds.size();
    for (int c = 0; ok && c < components.length; c++) {
      boolean typeOk =
          kinds.get(c) == ParamKind.DOUBLE_ARRAY
              ? components[c].getType() == double[].class
              : isScalar(components[c].getType());
      boolean nameOk = (c > 0 && !namesKnown) || components[c].getName().equals(names.get(c));
      ok = typeOk && nameOk;
    }
    if (!ok) {
      List<String> expected = new ArrayList<>();
      for (int c = 0; c < kinds.size(); c++) {
        expected.add((kinds.get(c) == ParamKind.DOUBLE_ARRAY ? "double[] " : "double ")
            + names.get(c));
      }
      throw lookupFailure(signature)
          .with("malformed", reverse.getReturnType().getName() + Arrays.stream(components)
              .map(c -> c.getType().getSimpleName() + " " + c.getName())
              .collect(Collectors.joining(", ", "(", ")")))
          .with("expected", "record components (" + String.join(", ", expected) + ")")
          .error();
    }
    Method[] accessors = new Method[components.length];
    for (int c = 0; c < components.length; c++) {
      accessors[c] = components[c].getAccessor();
      accessors[c].setAccessible(true);
    }
    return accessors;
  }

  /**
   * Without javac {@code -parameters} the primal's parameters are named arg0, arg1, ...; the
   * gradient record still has the source names ({@code xBar}), so differentiable parameters are
   * named after it in messages.
   */
  private static Signature namedFromGradient(Signature signature, Method reverse) {
    if (signature.namesKnown()) {
      return signature;
    }
    RecordComponent[] components = reverse.getReturnType().getRecordComponents();
    String[] names = new String[signature.arity()];
    for (int i = 0, c = 1; i < names.length; i++) {
      names[i] = signature.name(i);
      if (signature.kind(i) != ParamKind.PASSIVE) {
        String bar = components[c++].getName();
        if (bar.endsWith("Bar") && bar.length() > 3) {
          names[i] = bar.substring(0, bar.length() - 3);
        }
      }
    }
    return signature.withNames(names);
  }

  /** The checked method, with parameter names for messages. */
  Signature signature() {
    return signature;
  }

  private static boolean isScalar(Class<?> type) {
    return type == double.class || type == float.class;
  }

  private static Failure lookupFailure(Signature signature) {
    return new Failure(signature.describe()).with("check", "the generated rules exist");
  }

  /** For example {@code Foo_Frule.f}, for messages. */
  String forwardName() {
    return shortName(forward);
  }

  String reverseName() {
    return shortName(reverse);
  }

  String adjointName() {
    return shortName(adjoint);
  }

  private static String shortName(Method method) {
    return method.getDeclaringClass().getSimpleName() + "." + method.getName();
  }

  /** Calls the primal; the arrays in {@code args} are left as the primal leaves them. */
  double primal(Object[] args) {
    return ((Number) invoke(signature.primal, args)).doubleValue();
  }

  /** Calls the forward rule with tangents {@code direction}. */
  Dual forward(Object[] args, DiffVector direction) {
    List<Object> call = new ArrayList<>();
    int k = 0;
    int j = 0;
    for (int i = 0; i < args.length; i++) {
      call.add(args[i]);
      if (signature.kind(i).isScalar()) {
        call.add(direction.scalars[k++]);
      } else if (signature.kind(i) == ParamKind.DOUBLE_ARRAY) {
        call.add(direction.arrays[j++]);
      }
    }
    Dual dual = (Dual) invoke(forward, call.toArray());
    if (dual == null) {
      throw new Failure(signature.describe())
          .with("check", forwardName() + " returns a Dual")
          .with("actual", "null")
          .error();
    }
    return dual;
  }

  /** Calls the reverse convenience method and unpacks its gradient record. */
  Gradient reverse(Object[] args) {
    Object record = invoke(reverse, args);
    if (record == null) {
      throw new Failure(signature.describe())
          .with("check", reverseName() + " returns a gradient record")
          .with("actual", "null")
          .error();
    }
    double value = ((Number) read(gradientAccessors[0], record)).doubleValue();
    double[] scalars = new double[signature.scalarParams.length];
    double[][] arrays = new double[signature.arrayParams.length][];
    for (int i = 0, c = 1, k = 0, j = 0; i < signature.arity(); i++) {
      if (signature.kind(i).isScalar()) {
        scalars[k++] = ((Number) read(gradientAccessors[c++], record)).doubleValue();
      } else if (signature.kind(i) == ParamKind.DOUBLE_ARRAY) {
        arrays[j++] = (double[]) read(gradientAccessors[c++], record);
      }
    }
    return new Gradient(value, new DiffVector(scalars, arrays));
  }

  /** Calls the low-level adjoint, which adds {@code seed * gradient} into {@code bars}. */
  double adjoint(Object[] args, DiffVector bars, double seed) {
    List<Object> call = new ArrayList<>();
    for (int i = 0, j = 0; i < args.length; i++) {
      call.add(args[i]);
      if (signature.kind(i) == ParamKind.DOUBLE_ARRAY) {
        call.add(bars.arrays[j++]);
      }
    }
    call.add(seed);
    if (signature.scalarParams.length > 0) {
      call.add(bars.scalars);
    }
    return ((Number) invoke(adjoint, call.toArray())).doubleValue();
  }

  /** Invokes a static method, rethrowing whatever the method threw. */
  private static Object invoke(Method method, Object[] args) {
    return call(method, null, args);
  }

  /** Reads a record component through its accessor. */
  private static Object read(Method accessor, Object record) {
    return call(accessor, record);
  }

  private static Object call(Method method, Object target, Object... args) {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw RuleMethods.<RuntimeException>sneakyThrow(e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Rethrows {@code t} unchanged, even a checked exception the primal declares. */
  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T sneakyThrow(Throwable t) throws T {
    throw (T) t;
  }
}
