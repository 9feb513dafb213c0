package io.jgrad.check;

import io.jgrad.CustomRules;
import io.jgrad.Dual;
import io.jgrad.DualArray;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Finds the custom rules of a {@link CustomRules} holder for one static method of its target
 * class: the forward rule {@code m(...)} and the reverse rule {@code mAdjoint(...)}, with exactly
 * the signatures jgrad generates for a {@code @Grad} method {@code m} ({@link
 * RuleMethods#forwardTypes}, {@link RuleMethods#adjointTypes}). Every problem (no annotation, no
 * such target method, an ambiguous overload, a missing rule, a wrong signature) is an {@link
 * IllegalArgumentException} saying what was expected.
 */
final class CustomRuleLookup {
  private CustomRuleLookup() {}

  /**
   * The rules in {@code holder} for the static method {@code name} of the class {@code holder}'s
   * {@code @CustomRules} names, with parameters {@code parameterTypes}, or (if there are none)
   * the only static method of that name with rules in the holder (the only one of that name, if
   * none has rules: its missing rules are then reported).
   */
  static RuleMethods find(Class<?> holder, String name, Class<?>[] parameterTypes) {
    CustomRules annotation = holder.getAnnotation(CustomRules.class);
    if (annotation == null) {
      throw new IllegalArgumentException(holder.getName() + " is not annotated with"
          + " @io.jgrad.CustomRules(Target.class): GradCheck.ofRules checks the custom rules such"
          + " a holder declares for static methods of its target class");
    }
    Class<?> target = annotation.value();
    Method method = parameterTypes.length > 0
        ? exactTarget(holder, target, name, parameterTypes)
        : onlyTarget(holder, target, name);
    Signature signature = Signature.of(method);
    requireSupported(signature);
    Method forward = rule(holder, signature, name, RuleMethods.forwardTypes(signature),
        forwardReturn(signature), "forward rule");
    Method adjoint = rule(holder, signature, name + "Adjoint",
        RuleMethods.adjointTypes(signature), method.getReturnType(), "reverse rule");
    return RuleMethods.custom(signature, holder, forward, adjoint,
        java.util.Arrays.asList(annotation.readOnly()).contains(name));
  }

  private static Method exactTarget(
      Class<?> holder, Class<?> target, String name, Class<?>[] parameterTypes) {
    String wanted = target.getName() + "." + name + Arrays.stream(parameterTypes)
        .map(Class::getSimpleName).collect(Collectors.joining(", ", "(", ")"));
    Method method;
    try {
      method = target.getDeclaredMethod(name, parameterTypes);
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(target.getName() + " declares no method " + wanted
          + " (the target of @CustomRules on " + holder.getName() + "); its static methods named "
          + name + ": " + describeAll(staticMethods(target, name)));
    }
    if (!Modifier.isStatic(method.getModifiers())) {
      throw new IllegalArgumentException(wanted + " is not static: custom rules are for static"
          + " methods");
    }
    return method;
  }

  /** The single static method {@code name} of {@code target} that has rules in the holder. */
  private static Method onlyTarget(Class<?> holder, Class<?> target, String name) {
    List<Method> candidates = staticMethods(target, name);
    if (candidates.isEmpty()) {
      throw new IllegalArgumentException(target.getName() + " declares no static method named "
          + name + " (the target of @CustomRules on " + holder.getName() + ")");
    }
    if (candidates.size() == 1) {
      return candidates.get(0);
    }
    List<Method> withRules = candidates.stream()
        .filter(m -> hasRules(holder, m))
        .collect(Collectors.toList());
    if (withRules.size() == 1) {
      return withRules.get(0);
    }
    String choose = " pass the parameter types to choose one: GradCheck.ofRules("
        + holder.getSimpleName() + ".class, \"" + name + "\", double.class, ...)";
    if (withRules.isEmpty()) {
      StringBuilder expected = new StringBuilder();
      for (Method m : candidates) {
        expected.append("\n  for ").append(describe(m)).append(": ").append(expectations(m));
      }
      throw new IllegalArgumentException(target.getName() + "." + name + " is overloaded and "
          + holder.getName() + " has no rules with the signatures of any of them;" + choose
          + "; expected" + expected);
    }
    throw new IllegalArgumentException(target.getName() + "." + name + " is overloaded and "
        + holder.getName() + " has rules for several of them (" + describeAll(withRules) + ");"
        + choose);
  }

  private static List<Method> staticMethods(Class<?> target, String name) {
    return Arrays.stream(target.getDeclaredMethods())
        .filter(m -> m.getName().equals(name) && !m.isSynthetic()
            && Modifier.isStatic(m.getModifiers()))
        .sorted((a, b) -> a.toString().compareTo(b.toString()))
        .collect(Collectors.toList());
  }

  /** True if the holder declares a forward or a reverse rule with {@code m}'s signatures. */
  private static boolean hasRules(Class<?> holder, Method m) {
    Signature signature;
    try {
      signature = Signature.of(m);
    } catch (IllegalArgumentException e) {
      return false; // an overload returning something else (an int) has no rules
    }
    return declares(holder, m.getName(), RuleMethods.forwardTypes(signature))
        || declares(holder, m.getName() + "Adjoint", RuleMethods.adjointTypes(signature));
  }

  private static boolean declares(Class<?> holder, String name, List<Class<?>> types) {
    try {
      holder.getDeclaredMethod(name, types.toArray(Class<?>[]::new));
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** Both rules expected for {@code m}, or why it cannot have any. */
  private static String expectations(Method m) {
    try {
      Signature signature = Signature.of(m);
      return expectedForward(signature) + " and " + expectedAdjoint(signature);
    } catch (IllegalArgumentException e) {
      return "none (" + e.getMessage() + ")";
    }
  }

  /**
   * Custom rules are for numbers, arrays of them, data and records of numbers and data (not
   * holding arrays), as CustomRules describes.
   */
  private static void requireSupported(Signature signature) {
    for (int i = 0; i < signature.arity(); i++) {
      if (signature.kind(i).isRecord() && (signature.type(i).isArray()
          || signature.recordType(i).holdsMemory())) {
        throw new IllegalArgumentException("GradCheck.ofRules checks custom rules of methods"
            + " whose parameters are numbers, arrays of numbers, data and records of numbers"
            + " and data; " + signature.describe() + " has the parameter " + signature.name(i)
            + ", which holds arrays or is an array of records");
      }
    }
    if (signature.recordResult != null && signature.recordResult.holdsMemory()) {
      throw new IllegalArgumentException("GradCheck.ofRules checks custom rules of methods"
          + " returning numbers, double[], void or records of numbers; " + signature.describe()
          + " returns " + signature.primal.getReturnType().getName() + ", which holds arrays");
    }
  }

  private static Class<?> forwardReturn(Signature signature) {
    if (signature.recordResult != null) {
      for (Class<?> nested : signature.recordResult.tangentClass().getDeclaredClasses()) {
        if (nested.getSimpleName().equals("Dual")) {
          return nested; // R_Tangent.Dual
        }
      }
    }
    switch (signature.result) {
      case SCALAR:
        return Dual.class;
      case ARRAY:
        return DualArray.class;
      default:
        return void.class;
    }
  }

  /**
   * The method {@code name} of {@code holder} with exactly {@code types}, returning {@code
   * returns}, static and not private.
   */
  private static Method rule(Class<?> holder, Signature signature, String name,
      List<Class<?>> types, Class<?> returns, String role) {
    String expected = "expected " + render(returns, name, parameterNames(signature,
        role.startsWith("forward")), types) + " in " + holder.getName();
    String rule = "custom rule " + holder.getSimpleName() + "." + name + " (the " + role + " of "
        + signature.describe() + ")";
    Method method;
    try {
      method = holder.getDeclaredMethod(name, types.toArray(Class<?>[]::new));
    } catch (NoSuchMethodException e) {
      List<Method> named = Arrays.stream(holder.getDeclaredMethods())
          .filter(m -> m.getName().equals(name) && !m.isSynthetic())
          .collect(Collectors.toList());
      throw new IllegalArgumentException(rule + (named.isEmpty() ? " is missing: "
          : " has another signature: ") + expected + "; found: "
          + (named.isEmpty() ? "no method named " + name : describeAll(named)));
    }
    if (method.getReturnType() != returns) {
      throw new IllegalArgumentException(rule + " returns "
          + method.getReturnType().getSimpleName() + ": " + expected + "; found: " + method);
    }
    int modifiers = method.getModifiers();
    if (!Modifier.isStatic(modifiers) || Modifier.isPrivate(modifiers)) {
      throw new IllegalArgumentException(rule + " must be static and not private: " + expected
          + "; found: " + method);
    }
    return method;
  }

  /**
   * The names of the rule's parameters, for messages: each parameter's, {@code xDot} after a
   * differentiable one (forward) or {@code xBar} after an array (reverse), then {@code seed} or
   * {@code resultBar} and {@code scalarBars}.
   */
  private static List<String> parameterNames(Signature signature, boolean forward) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < signature.arity(); i++) {
      names.add(signature.name(i));
      if (forward && signature.kind(i) != ParamKind.PASSIVE) {
        names.add(signature.name(i) + "Dot");
      } else if (!forward && signature.kind(i).hasBuffer()) {
        names.add(signature.name(i) + "Bar");
      }
    }
    if (!forward) {
      if (signature.result == Signature.ResultKind.SCALAR) {
        names.add("seed");
      } else if (signature.result == Signature.ResultKind.ARRAY) {
        names.add("resultBar");
      }
      if (signature.scalarParams.length > 0) {
        names.add("scalarBars");
      }
    }
    return names;
  }

  private static String expectedForward(Signature signature) {
    String name = signature.primal.getName();
    return render(forwardReturn(signature), name, parameterNames(signature, true),
        RuleMethods.forwardTypes(signature));
  }

  private static String expectedAdjoint(Signature signature) {
    String name = signature.primal.getName() + "Adjoint";
    return render(signature.primal.getReturnType(), name, parameterNames(signature, false),
        RuleMethods.adjointTypes(signature));
  }

  /** For example {@code static Dual erf(double x, double xDot)}. */
  private static String render(
      Class<?> returns, String name, List<String> names, List<Class<?>> types) {
    StringBuilder text = new StringBuilder("static ").append(returns.getSimpleName()).append(' ')
        .append(name).append('(');
    for (int i = 0; i < types.size(); i++) {
      text.append(i == 0 ? "" : ", ").append(types.get(i).getSimpleName()).append(' ')
          .append(names.get(i));
    }
    return text.append(')').toString();
  }

  /** For example {@code scale(double, double[])}. */
  private static String describe(Method m) {
    return m.getName() + Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName)
        .collect(Collectors.joining(", ", "(", ")"));
  }

  private static String describeAll(List<Method> methods) {
    return methods.isEmpty() ? "none"
        : methods.stream().map(Method::toString).collect(Collectors.joining("; "));
  }
}
