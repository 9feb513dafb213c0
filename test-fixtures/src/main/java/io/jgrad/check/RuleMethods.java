package io.jgrad.check;

import io.jgrad.Dual;
import io.jgrad.DualArray;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The rules of one primal method and typed wrappers that call them: the generated ones, found by
 * reflection from the naming scheme in the README ("The generated API", {@link #find}), or a
 * forward and a reverse rule given explicitly, such as the custom rules of a {@code
 * @CustomRules} holder ({@link #custom}, found by {@link CustomRuleLookup}). The checks ask
 * which rules exist ({@link #hasReverse}, {@link #hasJacobian}, ...) and skip the others.
 */
final class RuleMethods {
  /**
   * A reverse-mode result: the value ({@code Double} or {@code double[]}) and one adjoint per
   * parameter ({@code Double}, {@code double[]}, {@code double[][]}, {@code double[][][]}, a
   * record's tangent class or an array of it; null for passive ones).
   */
  record Gradient(Object value, Object[] bars) {}

  /**
   * A forward-mode result: the value and tangent of the result ({@code Double}s for a scalar
   * result, {@code double[]}s for an array result, nulls for {@code void}).
   */
  record Tangent(Object value, Object tangent) {}

  /**
   * A second-order result ({@code fHvp}): the value, the gradient and the Hessian times the
   * direction, each per parameter as in {@link Gradient}.
   */
  record Hvp(Object value, Object[] bars, Object[] hvps) {}

  private final Signature signature;
  private final Method forward;
  /** {@code <name>Into}, the forward rule that allocates nothing; only for a number result. */
  private final Method forwardInto;
  /** The convenience reverse method; null for a {@code void} primal. */
  private final Method reverse;
  private final Method adjoint;
  /** {@code <name>Jacobian}, only for a {@code double[]} result. */
  private final Method jacobian;
  /** Accessors of the reverse record: {@code value} first, then one per differentiable param. */
  private final Method[] gradientAccessors;
  /**
   * {@code <name>GradientInto}, generated for a number result: overwrites its buffers (optional:
   * the hand-written rules of the checker's own tests have none).
   */
  private Method gradientInto;
  /** {@code <name>Hvp}, generated for a number result where second-order rules exist. */
  private Method hvp;
  /** {@code <name>Directions}, vector forward mode, where the processor generates it. */
  private Method directions;
  /** {@code <name>Hessian}, where {@link #hvp} exists (not for methods changing objects). */
  private Method hessian;
  /**
   * The {@code @CustomRules} holder the forward and adjoint rules are declared in, or null for
   * generated rules; messages then call them {@code custom rule Holder.name}.
   */
  private Class<?> holder;
  private boolean readOnly;
  /** {@code <name>Function}, the factory of the function object, where it is generated. */
  private Method function;

  private RuleMethods(
      Signature signature,
      Method forward,
      Method forwardInto,
      Method reverse,
      Method adjoint,
      Method jacobian,
      Method[] accessors) {
    this.signature = signature;
    this.forward = forward;
    this.forwardInto = forwardInto;
    this.reverse = reverse;
    this.adjoint = adjoint;
    this.jacobian = jacobian;
    this.gradientAccessors = accessors;
  }

  /**
   * Finds the rules of {@code signature}'s method, with the signatures of the README ("The
   * generated API" and "Arrays, mutation and array results"); a missing or malformed rule fails
   * the check.
   */
  static RuleMethods find(Signature signature) {
    Class<?> owner = signature.owner();
    Method primal = signature.primal;
    String name = primal.getName();
    Class<?> frule = ruleClass(signature, ruleClassName(owner, "_Frule"));
    Class<?> rrule = ruleClass(signature, ruleClassName(owner, "_Rrule"));
    requireTangentClasses(signature);

    List<Class<?>> forwardTypes = forwardTypes(signature);
    List<Class<?>> adjointTypes = adjointTypes(signature);
    ValueType recordResult = signature.recordResult;
    Class<?> resultBarType = resultBarType(signature);

    Method forward = method(signature, frule, name, forwardTypes);
    Method adjoint = method(signature, rrule, name + "Adjoint", adjointTypes);
    Method reverse = null;
    Method jacobian = null;
    Method forwardInto = null;
    Method hvp = null;
    Method hessian = null;
    Method gradientInto = null;
    List<Class<?>> primalTypes = Arrays.asList(signature.types());
    Method function = recordResult != null ? null
        : optionalMethod(rrule, name + "Function", primalTypes);
    switch (signature.result) {
      case SCALAR:
        requireReturn(signature, forward, forward.getReturnType() == Dual.class, "io.jgrad.Dual");
        requireReturn(signature, adjoint, isScalar(adjoint.getReturnType()), "double");
        reverse = method(signature, rrule, name, primalTypes);
        List<Class<?>> intoTypes = new ArrayList<>(Arrays.asList(forward.getParameterTypes()));
        intoTypes.add(double[].class);
        forwardInto = optionalMethod(frule, name + "Into", intoTypes);
        List<Class<?>> gradientIntoTypes = new ArrayList<>(adjointTypes);
        gradientIntoTypes.remove(adjointTypes.size() - (signature.scalarParams.length > 0 ? 2 : 1));
        gradientInto = optionalMethod(rrule, name + "GradientInto", gradientIntoTypes);
        if (gradientInto != null) {
          requireReturn(signature, gradientInto, isScalar(gradientInto.getReturnType()),
              "double");
        }
        hvp = optionalMethod(rrule, name + "Hvp", forwardTypes);
        hessian = optionalMethod(rrule, name + "Hessian", primalTypes);
        if (forwardInto != null) {
          requireReturn(signature, forwardInto, forwardInto.getReturnType() == double.class,
              "double");
        }
        break;
      case ARRAY:
        if (recordResult != null) {
          requireReturn(signature, forward, forward.getReturnType().getSimpleName().equals("Dual")
              && forward.getReturnType().getEnclosingClass() == recordResult.tangentClass(),
              recordResult.tangentClass().getName() + ".Dual");
          requireReturn(signature, adjoint, adjoint.getReturnType() == recordResult.type,
              recordResult.type.getName());
        } else {
          requireReturn(signature, forward, forward.getReturnType() == DualArray.class,
              "io.jgrad.DualArray");
          requireReturn(signature, adjoint, adjoint.getReturnType() == double[].class,
              "double[]");
        }
        List<Class<?>> reverseTypes = new ArrayList<>(primalTypes);
        reverseTypes.add(resultBarType);
        reverse = method(signature, rrule, name, reverseTypes);
        jacobian = method(signature, rrule, name + "Jacobian", primalTypes);
        requireReturn(signature, jacobian, jacobian.getReturnType() == double[][].class,
            "double[][]");
        break;
      default:
        requireReturn(signature, forward, forward.getReturnType() == void.class, "void");
        requireReturn(signature, adjoint, adjoint.getReturnType() == void.class, "void");
        break;
    }
    Method[] accessors = null;
    Signature named = signature;
    if (reverse != null) {
      requireReturn(signature, reverse, reverse.getReturnType().isRecord(), "a record");
      accessors = gradientAccessors(signature, reverse);
      named = namedFromGradient(signature, reverse);
    }
    RuleMethods found =
        new RuleMethods(named, forward, forwardInto, reverse, adjoint, jacobian, accessors);
    found.directions = directionsMethod(signature, frule);
    found.gradientInto = gradientInto;
    if (function != null) {
      Class<?> expected = signature.result == Signature.ResultKind.SCALAR
          ? io.jgrad.function.GradientFunction.class : io.jgrad.function.JacobianFunction.class;
      requireReturn(signature, function, expected.isAssignableFrom(function.getReturnType()),
          expected.getName());
      found.function = function;
    }
    if (hvp != null && hvp.getReturnType().isRecord()
        && hvp.getReturnType().getRecordComponents().length == 2 * accessors.length - 1) {
      found.hvp = hvp;
      if (hessian != null && hessian.getReturnType() == double[][].class) {
        found.hessian = hessian;
      }
    }
    return found;
  }

  /**
   * Rules given explicitly: {@code forward} with the parameters of {@link #forwardTypes} and
   * {@code adjoint} with those of {@link #adjointTypes}, declared in {@code holder} (a {@code
   * @CustomRules} class). There is no convenience reverse method, no Jacobian, no vector mode
   * and no second-order rule: the checks of those are skipped.
   */
  static RuleMethods custom(Signature signature, Class<?> holder, Method forward, Method adjoint,
      boolean readOnly) {
    forward.setAccessible(true);
    adjoint.setAccessible(true);
    RuleMethods rules = new RuleMethods(signature, forward, null, null, adjoint, null, null);
    rules.holder = holder;
    rules.readOnly = readOnly;
    return rules;
  }

  /** True for custom rules whose holder declares that the target writes none of its arrays. */
  boolean declaredReadOnly() {
    return readOnly;
  }

  /**
   * The parameter types of the forward rule: each of the primal's, followed by its tangent's
   * ({@link Signature#shadowType}) if it is differentiable.
   */
  static List<Class<?>> forwardTypes(Signature signature) {
    List<Class<?>> types = new ArrayList<>();
    for (int i = 0; i < signature.arity(); i++) {
      types.add(signature.type(i));
      if (signature.kind(i) != ParamKind.PASSIVE) {
        types.add(signature.shadowType(i));
      }
    }
    return types;
  }

  /**
   * The parameter types of {@code <name>Adjoint}: each of the primal's, followed by its adjoint
   * buffer's if it has one (arrays, records); then the seed ({@code double}, or the result's
   * cotangent for an array or record result, none for {@code void}); then {@code double[]
   * scalarBars} if there are differentiable scalars.
   */
  static List<Class<?>> adjointTypes(Signature signature) {
    List<Class<?>> types = new ArrayList<>();
    for (int i = 0; i < signature.arity(); i++) {
      types.add(signature.type(i));
      if (signature.kind(i).hasBuffer()) {
        types.add(signature.shadowType(i));
      }
    }
    if (signature.result == Signature.ResultKind.SCALAR) {
      types.add(double.class);
    } else if (signature.result == Signature.ResultKind.ARRAY) {
      types.add(resultBarType(signature));
    }
    if (signature.scalarParams.length > 0) {
      types.add(double[].class);
    }
    return types;
  }

  /** The cotangent of an array result: a double[], or a tangent object for a record result. */
  private static Class<?> resultBarType(Signature signature) {
    ValueType recordResult = signature.recordResult;
    return recordResult != null ? recordResult.tangentClass() : double[].class;
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

  /**
   * Fails if the generated tangent class of a record (or data class) parameter is missing or
   * malformed.
   */
  private static void requireTangentClasses(Signature signature) {
    for (int param : signature.bufferParams) {
      ValueType record = signature.recordType(param);
      if (record != null && record.tangentProblem() != null) {
        throw lookupFailure(signature)
            .with("tangent", record.tangentProblem() + " (of " + record.what() + " "
                + record.type.getName() + ", parameter " + signature.name(param) + ")")
            .with("hint", "each differentiable record type R (or data class) has a generated"
                + " R_Tangent class with a double field per double/float component, a double[],"
                + " double[][] or double[][][] field per double[], double[][] or double[][][]"
                + " component, a field of the"
                + " nested tangent class per differentiable record component and a constructor"
                + " taking them in component order")
            .error();
      }
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
    boolean arrayResult = signature.result == Signature.ResultKind.ARRAY;
    Class<?> valueType = signature.recordResult != null ? signature.recordResult.type
        : arrayResult ? double[].class : double.class;
    List<Class<?>> types = new ArrayList<>(List.of(valueType));
    List<String> names = new ArrayList<>(List.of("value"));
    for (int i = 0; i < signature.arity(); i++) {
      if (signature.kind(i) != ParamKind.PASSIVE) {
        types.add(signature.shadowType(i));
        names.add(signature.name(i) + "Bar");
      }
    }
    // Without javac -parameters the primal's names are arg0, arg1, ...: only types are checked.
    boolean namesKnown = signature.namesKnown();
    RecordComponent[] components = reverse.getReturnType().getRecordComponents();
    boolean ok = components.length == types.size();
    for (int c = 0; ok && c < components.length; c++) {
      // a float value or scalar adjoint may be a float
      boolean typeOk =
          types.get(c) == double.class
              ? isScalar(components[c].getType())
              : components[c].getType() == types.get(c);
      boolean nameOk = (c > 0 && !namesKnown) || components[c].getName().equals(names.get(c));
      ok = typeOk && nameOk;
    }
    if (!ok) {
      List<String> expected = new ArrayList<>();
      for (int c = 0; c < types.size(); c++) {
        expected.add(types.get(c).getSimpleName() + " " + names.get(c));
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

  /**
   * What failures name: the primal, for example {@code pkg.Foo.f(double x)}, or for custom rules
   * {@code custom rules ErfRules for pkg.Foo.f(double x)}.
   */
  String subject() {
    return holder == null ? signature.describe()
        : "custom rules " + holder.getSimpleName() + " for " + signature.describe();
  }

  /** True for rules given explicitly ({@link #custom}), not generated ones. */
  boolean isCustom() {
    return holder != null;
  }

  /**
   * For example {@code Foo_Frule.f}, or {@code custom rule ErfRules.erf}, for messages.
   */
  String forwardName() {
    return shortName(forward);
  }

  /** The convenience reverse method, for messages; the adjoint's name if there is none. */
  String reverseName() {
    return reverse == null ? adjointName() : shortName(reverse);
  }

  String adjointName() {
    return shortName(adjoint);
  }

  private String shortName(Method method) {
    String name = method.getDeclaringClass().getSimpleName() + "." + method.getName();
    return holder == null ? name : "custom rule " + name;
  }

  String jacobianName() {
    return shortName(jacobian);
  }

  /** True if there is a convenience reverse method (not for {@code void} primals). */
  boolean hasReverse() {
    return reverse != null;
  }

  /** True if there is a {@code ...Jacobian} method (only for {@code double[]} results). */
  boolean hasJacobian() {
    return jacobian != null;
  }

  /**
   * Calls the primal; the arrays in {@code args} are left as the primal leaves them. Returns a
   * {@code Double} (a {@code float} widened), a {@code double[]} or null for {@code void}.
   */
  Object primal(Object[] args) {
    FloatImages images = FloatImages.of(signature, args);
    Object[] actual = images.actual();
    try {
      if (signature.isInstance()) {
        return result(call(signature.primal, actual[0],
            Arrays.copyOfRange(actual, 1, actual.length)));
      }
      return result(invoke(signature.primal, actual));
    } finally {
      images.writeBack();
    }
  }

  /** A result as the checks see it: a Double, a double[] (a record's image) or null. */
  private Object result(Object value) {
    if (signature.recordResult != null && value != null) {
      return image(value, value);
    }
    return widened(value);
  }

  /** A number as a Double (a float widened); anything else as it is. */
  private static Object widened(Object value) {
    return value instanceof Number number ? (Object) number.doubleValue() : value;
  }

  /** The entries of a record result, or of its tangent {@code piece}, shaped like {@code value}. */
  private double[] image(Object piece, Object value) {
    ValueType type = signature.recordResult;
    return type.values(piece, type.shapeOf(value));
  }

  /**
   * {@code resultBar} as the rules take it: itself, or for a record result a tangent object
   * holding its entries, shaped like the result at {@code args} (computed on a copy of them).
   */
  private Object resultSeed(Object[] args, Object resultBar) {
    if (signature.recordResult == null || resultBar == null) {
      return resultBar;
    }
    Object[] copy = Signature.copy(args);
    FloatImages images = FloatImages.of(signature, copy);
    Object[] actual = images.actual();
    Object value = signature.isInstance()
        ? call(signature.primal, actual[0], Arrays.copyOfRange(actual, 1, actual.length))
        : invoke(signature.primal, actual);
    ValueType type = signature.recordResult;
    return type.tangentOf((double[]) resultBar, type.shapeOf(value));
  }

  /** The method {@code name} of {@code owner} with exactly these parameters, or null. */
  private static Method optionalMethod(Class<?> owner, String name, List<Class<?>> types) {
    try {
      Method m = owner.getDeclaredMethod(name, types.toArray(new Class<?>[0]));
      m.setAccessible(true);
      return m;
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  /**
   * True if {@code <name>Into} exists (jgrad generates it for a number result; hand-written rules
   * may leave it out): it is then checked against the forward rule.
   */
  /**
   * {@code <name>Directions(x, xDots, ..., int directions, resultDots)}: each tangent with a
   * direction index added last; null if the processor did not generate one.
   */
  private static Method directionsMethod(Signature signature, Class<?> frule) {
    List<Class<?>> types = new ArrayList<>();
    for (int i = 0; i < signature.arity(); i++) {
      types.add(signature.type(i));
      if (signature.kind(i) != ParamKind.PASSIVE) {
        types.add(Array.newInstance(signature.shadowType(i), 0).getClass());
      }
    }
    types.add(int.class);
    if (signature.result == Signature.ResultKind.SCALAR) {
      types.add(double[].class);
    } else if (signature.result == Signature.ResultKind.ARRAY) {
      if (signature.recordResult != null) {
        return null;
      }
      types.add(double[][].class);
    }
    return optionalMethod(frule, signature.primal.getName() + "Directions", types);
  }

  boolean hasDirections() {
    return directions != null;
  }

  String directionsName() {
    return forwardName() + "Directions";
  }

  /**
   * What {@code <name>Directions} computed, split back into one direction at a time: the value,
   * the result's tangent along each direction (a number or a {@code double[]}) and each
   * parameter's tangent structure after the call (null for parameters without one).
   */
  record Directions(Object value, Object[] resultTangents, Object[][] tangents) {}

  /**
   * Calls {@code <name>Directions} with the tangent structures {@code perDirection[d]} (as
   * {@link #forward} takes them) interleaved, the direction last.
   */
  Directions directions(Object[] args, Object[][] perDirection, int resultLength) {
    int k = perDirection.length;
    Object[] vectors = new Object[args.length];
    for (int i = 0; i < args.length; i++) {
      if (signature.kind(i) == ParamKind.PASSIVE) {
        continue;
      }
      Object[] lanes = new Object[k];
      for (int d = 0; d < k; d++) {
        lanes[d] = perDirection[d][i];
      }
      vectors[i] = interleave(lanes, signature.shadowType(i));
    }
    Object buffer = signature.result == Signature.ResultKind.SCALAR ? new double[k]
        : signature.result == Signature.ResultKind.ARRAY ? new double[resultLength][k] : null;
    Object returned = buffer == null ? callForward(directions, args, vectors, k)
        : callForward(directions, args, vectors, k, buffer);
    Object[] results = new Object[k];
    Object[][] tangents = new Object[k][args.length];
    for (int d = 0; d < k; d++) {
      results[d] = buffer == null ? null : lane(buffer, d);
      for (int i = 0; i < args.length; i++) {
        tangents[d][i] = signature.kind(i) == ParamKind.PASSIVE ? null : lane(vectors[i], d);
      }
    }
    return new Directions(returned, results, tangents);
  }

  /** One structure per direction as one with the direction as the last index. */
  private static Object interleave(Object[] lanes, Class<?> type) {
    int k = lanes.length;
    if (!type.isArray()) {
      double[] v = new double[k];
      for (int d = 0; d < k; d++) {
        v[d] = ((Number) lanes[d]).doubleValue();
      }
      return v;
    }
    if (lanes[0] == null) {
      return null;
    }
    int n = Array.getLength(lanes[0]);
    Class<?> element = type.getComponentType();
    Object v = Array.newInstance(Array.newInstance(element, 0).getClass(), n);
    for (int i = 0; i < n; i++) {
      Object[] column = new Object[k];
      for (int d = 0; d < k; d++) {
        column[d] = Array.get(lanes[d], i);
      }
      Array.set(v, i, interleave(column, element));
    }
    return v;
  }

  /** Direction {@code d} of an interleaved structure (see {@link #interleave}). */
  private static Object lane(Object vector, int d) {
    if (vector == null) {
      return null;
    }
    if (vector instanceof double[] v) {
      return v[d];
    }
    int n = Array.getLength(vector);
    Class<?> element = vector.getClass().getComponentType().getComponentType();
    Object out = Array.newInstance(element, n);
    for (int i = 0; i < n; i++) {
      Array.set(out, i, lane(Array.get(vector, i), d));
    }
    return out;
  }

  boolean hasForwardInto() {
    return forwardInto != null;
  }

  /** True if {@code <name>GradientInto} exists (generated rules of a number result). */
  boolean hasGradientInto() {
    return gradientInto != null;
  }

  /** True if {@code <name>Hvp} exists: second-order rules, checked against the gradient. */
  boolean hasHvp() {
    return hvp != null;
  }

  boolean hasHessian() {
    return hessian != null;
  }

  String hessianName() {
    return shortName(hessian);
  }

  /** Calls {@code <name>Hessian} on the arguments (float ones through their double images). */
  double[][] hessian(Object[] args) {
    FloatImages images = FloatImages.of(signature, args);
    try {
      return (double[][]) invoke(hessian, images.actual());
    } finally {
      images.writeBack();
    }
  }

  /** True if {@code <name>Function} exists: a function object of the method. */
  boolean hasFunctionObject() {
    return function != null;
  }

  String functionObjectName() {
    return shortName(function);
  }

  /** Calls {@code <name>Function} on the arguments (float ones through their double images). */
  Object functionObject(Object[] args) {
    return invoke(function, FloatImages.of(signature, args).actual());
  }

  /** {@code Foo_Rrule.fHvp}, for messages. */
  String hvpName() {
    return shortName(hvp);
  }

  /**
   * Calls {@code <name>Hvp} with each argument followed by its direction ({@code tangents[i]}),
   * like the forward rule.
   */
  Hvp hvp(Object[] args, Object[] tangents) {
    Object record = callForward(hvp, args, tangents);
    if (record == null) {
      throw new Failure(signature.describe())
          .with("check", hvpName() + " returns a record")
          .with("actual", "null")
          .error();
    }
    RecordComponent[] components = record.getClass().getRecordComponents();
    int differentiable = (components.length - 1) / 2;
    Object[] bars = new Object[signature.arity()];
    Object[] hvps = new Object[signature.arity()];
    for (int i = 0, c = 1; i < signature.arity(); i++) {
      if (signature.kind(i) != ParamKind.PASSIVE) {
        bars[i] = widened(read(accessor(components[c]), record));
        hvps[i] = widened(read(accessor(components[c + differentiable]), record));
        c++;
      }
    }
    return new Hvp(result(read(accessor(components[0]), record)), bars, hvps);
  }

  private static Method accessor(RecordComponent component) {
    Method m = component.getAccessor();
    m.setAccessible(true);
    return m;
  }

  /** {@code Foo_Frule.fInto}, for messages. */
  String forwardIntoName() {
    return forwardName() + "Into";
  }

  String gradientIntoName() {
    return shortName(gradientInto);
  }

  /**
   * Calls {@code <name>Into} like {@link #forward}, with a fresh one-element buffer for the
   * tangent: value and tangent as numbers.
   */
  Tangent forwardInto(Object[] args, Object[] tangents) {
    double[] buffer = {Double.NaN};
    Object returned = callForward(forwardInto, args, tangents, buffer);
    return new Tangent(returned, buffer[0]);
  }

  /**
   * Calls {@code rule} with each argument followed by its tangent (none for passive
   * parameters), then {@code extra} arguments; float arguments go through their double images.
   */
  private Object callForward(Method rule, Object[] args, Object[] tangents, Object... extra) {
    FloatImages images = FloatImages.of(signature, args);
    Object[] actual = images.actual();
    List<Object> call = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      call.add(actual[i]);
      if (signature.kind(i) != ParamKind.PASSIVE) {
        call.add(tangents[i]);
      }
    }
    call.addAll(Arrays.asList(extra));
    try {
      return invoke(rule, call.toArray());
    } finally {
      images.writeBack();
    }
  }

  /**
   * Calls the forward rule with one tangent per parameter ({@code tangents[i]} for parameter i;
   * ignored for passive parameters). Array tangents are updated in place by the rule.
   */
  Tangent forward(Object[] args, Object[] tangents) {
    Object returned = callForward(forward, args, tangents);
    switch (signature.result) {
      case SCALAR:
        if (returned == null) {
          throw new Failure(signature.describe())
              .with("check", forwardName() + " returns a Dual")
              .with("actual", "null")
              .error();
        }
        Dual dual = (Dual) returned;
        return new Tangent(dual.value(), dual.tangent());
      case ARRAY:
        if (returned == null) {
          throw new Failure(signature.describe())
              .with("check", forwardName() + " returns a "
                  + (signature.recordResult != null ? "Dual" : "DualArray"))
              .with("actual", "null")
              .error();
        }
        if (signature.recordResult != null) {
          // a record's Dual: the value's and the tangent's entries
          Object dualValue = call(accessor(returned, "value"), returned);
          Object dualTangent = call(accessor(returned, "tangent"), returned);
          return new Tangent(result(dualValue),
              dualValue == null || dualTangent == null ? null : image(dualTangent, dualValue));
        }
        DualArray array = (DualArray) returned;
        return new Tangent(array.value(), array.tangent());
      default:
        return new Tangent(null, null);
    }
  }

  /**
   * Calls the reverse convenience method (with {@code resultBar} appended for an array result)
   * and unpacks its gradient record.
   */
  Gradient reverse(Object[] args, double[] resultBar) {
    Object seed = resultSeed(args, resultBar);
    FloatImages images = FloatImages.of(signature, args);
    Object[] call = images.actual();
    if (signature.result == Signature.ResultKind.ARRAY) {
      call = Arrays.copyOf(call, args.length + 1);
      call[args.length] = seed;
    }
    Object record;
    try {
      record = invoke(reverse, call);
    } finally {
      images.writeBack();
    }
    if (record == null) {
      throw new Failure(signature.describe())
          .with("check", reverseName() + " returns a gradient record")
          .with("actual", "null")
          .error();
    }
    Object value = result(read(gradientAccessors[0], record));
    Object[] bars = new Object[signature.arity()];
    for (int i = 0, c = 1; i < signature.arity(); i++) {
      if (signature.kind(i) != ParamKind.PASSIVE) {
        bars[i] = widened(read(gradientAccessors[c++], record));
      }
    }
    return new Gradient(value, bars);
  }

  /**
   * Calls the low-level adjoint with one buffer per array or record parameter ({@code bars[i]},
   * updated in place), the seed ({@code Double} for a scalar result, {@code double[]} for an
   * array result, ignored for {@code void}) and {@code scalarBars} (added into). Returns what it
   * returns.
   */
  Object adjoint(Object[] args, Object[] bars, Object seed, double[] scalarBars) {
    Object resultBar = resultSeed(args, seed);
    return withBuffers(adjoint, args, bars,
        signature.result != Signature.ResultKind.VOID ? resultBar : NO_SEED, scalarBars);
  }

  /**
   * Calls {@code <name>GradientInto}: as {@link #adjoint} without the seed; the buffers and
   * {@code scalarBars} are overwritten.
   */
  Object gradientInto(Object[] args, Object[] bars, double[] scalarBars) {
    return withBuffers(gradientInto, args, bars, NO_SEED, scalarBars);
  }

  /** Marks a call without a seed argument. */
  private static final Object NO_SEED = new Object();

  /**
   * Calls {@code rule} with each argument followed by its buffer, if it has one, then {@code
   * seed} (unless {@link #NO_SEED}), then {@code scalarBars} where the method has scalars.
   */
  private Object withBuffers(Method rule, Object[] args, Object[] bars, Object seed,
      double[] scalarBars) {
    FloatImages images = FloatImages.of(signature, args);
    Object[] actual = images.actual();
    List<Object> call = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      call.add(actual[i]);
      if (signature.kind(i).hasBuffer()) {
        call.add(bars[i]);
      }
    }
    if (seed != NO_SEED) {
      call.add(seed);
    }
    if (signature.scalarParams.length > 0) {
      call.add(scalarBars);
    }
    try {
      return result(invoke(rule, call.toArray()));
    } finally {
      images.writeBack();
    }
  }

  /** Calls {@code ...Jacobian}. */
  double[][] jacobian(Object[] args) {
    FloatImages images = FloatImages.of(signature, args);
    try {
      return (double[][]) invoke(jacobian, images.actual());
    } finally {
      images.writeBack();
    }
  }

  /** Invokes a static method, rethrowing whatever the method threw. */
  private static Object invoke(Method method, Object[] args) {
    return call(method, null, args);
  }

  /** The public accessor {@code name} of a record (a generated {@code Dual}). */
  private static Method accessor(Object record, String name) {
    try {
      Method m = record.getClass().getMethod(name);
      m.setAccessible(true);
      return m;
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(record.getClass() + " has no " + name + "()", e);
    }
  }

  /** Reads a record component through its accessor. */
  private static Object read(Method accessor, Object record) {
    return call(accessor, record);
  }

  /** Calls {@code method} on {@code target}, rethrowing whatever the method threw. */
  static Object call(Method method, Object target, Object... args) {
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
  static <T extends Throwable> T sneakyThrow(Throwable t) throws T {
    throw (T) t;
  }
}
