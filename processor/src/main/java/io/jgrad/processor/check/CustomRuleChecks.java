package io.jgrad.processor.check;

import io.jgrad.processor.ir.Type;
import io.jgrad.processor.rules.CustomRule;
import io.jgrad.processor.rules.RuleBases;
import io.jgrad.processor.rules.RuleNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads a {@code @CustomRules} class: which static methods of its target class it has rules for,
 * matching each of its methods against the signatures jgrad would generate for the target
 * ({@link #expectedForward}, {@link #expectedReverse}), and what is wrong with it. Works on
 * source and on class files alike (javax.lang.model), so a holder compiled earlier is read the
 * same way; its problems are reported only where it is compiled.
 */
public final class CustomRuleChecks {
  public static final String ANNOTATION = "io.jgrad.CustomRules";
  public static final String ZERO_DERIVATIVE = "io.jgrad.ZeroDerivative";

  /** A problem at an element of the holder. */
  public record Problem(Element at, String message) {}

  /**
   * What a holder declares: the rules it supplies, the target methods it marks as having no
   * derivative ({@code Target#method}, every overload), and its problems.
   */
  public record Holder(TypeElement holder, String target, List<CustomRule> rules,
      List<ExecutableElement> reverseRules, Set<String> zeroDerivative,
      List<Problem> problems) {}

  private final Elements elements;
  private final Types types;

  public CustomRuleChecks(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  /** The {@code @CustomRules} annotation of {@code type}, or null. */
  public static AnnotationMirror annotation(Element type) {
    for (AnnotationMirror a : type.getAnnotationMirrors()) {
      if (((TypeElement) a.getAnnotationType().asElement()).getQualifiedName()
          .contentEquals(ANNOTATION)) {
        return a;
      }
    }
    return null;
  }

  /** True if {@code method} is annotated {@code @ZeroDerivative}. */
  public static boolean isZeroDerivative(Element method) {
    return method.getAnnotationMirrors().stream().anyMatch(a -> ((TypeElement) a
        .getAnnotationType().asElement()).getQualifiedName().contentEquals(ZERO_DERIVATIVE));
  }

  public Holder read(TypeElement holder) {
    List<Problem> problems = new ArrayList<>();
    AnnotationMirror annotation = annotation(holder);
    TypeElement target = annotation == null ? null : targetOf(annotation);
    if (target == null) {
      problems.add(new Problem(holder, "@CustomRules needs the class whose methods the rules are"
          + " for: @CustomRules(Erf.class)"));
      return new Holder(holder, "?", List.of(), List.of(), Set.of(), problems);
    }
    String targetName = target.getQualifiedName().toString();
    if (targetName.equals("java.lang.Math") || targetName.equals("java.lang.StrictMath")) {
      problems.add(new Problem(holder, "jgrad has built-in rules for the functions of "
          + targetName + "; custom rules are for other methods"));
      return new Holder(holder, targetName, List.of(), List.of(), Set.of(), problems);
    }
    Set<String> zero = names(annotation, "zeroDerivative");
    Set<String> readOnly = names(annotation, "readOnly");
    Map<String, List<ExecutableElement>> byName = new LinkedHashMap<>();
    for (ExecutableElement m : ElementFilter.methodsIn(target.getEnclosedElements())) {
      byName.computeIfAbsent(m.getSimpleName().toString(), k -> new ArrayList<>()).add(m);
    }
    for (String n : zero) {
      if (!byName.containsKey(n) || byName.get(n).stream().noneMatch(this::isStatic)) {
        problems.add(new Problem(holder, "@CustomRules(zeroDerivative = \"" + n + "\"): "
            + simple(target) + " has no static method named " + n));
      }
    }
    for (String n : readOnly) {
      if (!byName.containsKey(n)) {
        problems.add(new Problem(holder, "@CustomRules(readOnly = \"" + n + "\"): "
            + simple(target) + " has no method named " + n));
      }
    }
    // the holder's methods named like a target (forward rules) or like a target + Adjoint
    Map<ExecutableElement, ExecutableElement> forward = new LinkedHashMap<>();
    Map<ExecutableElement, ExecutableElement> reverse = new LinkedHashMap<>();
    for (ExecutableElement r : ElementFilter.methodsIn(holder.getEnclosedElements())) {
      String name = r.getSimpleName().toString();
      List<ExecutableElement> asForward = byName.getOrDefault(name, List.of());
      List<ExecutableElement> asReverse = name.endsWith("Adjoint") ? byName.getOrDefault(
          name.substring(0, name.length() - "Adjoint".length()), List.of()) : List.of();
      if (asForward.isEmpty() && asReverse.isEmpty()) {
        continue; // not a rule: a helper of the rules
      }
      ExecutableElement matched = null;
      boolean isForward = false;
      for (ExecutableElement m : asForward) {
        if (isStatic(m) && matches(r, expectedForward(m))) {
          matched = m;
          isForward = true;
        }
      }
      for (ExecutableElement m : asReverse) {
        if (isStatic(m) && matches(r, expectedReverse(m))) {
          matched = m;
        }
      }
      if (matched == null) {
        problems.add(new Problem(r, mismatch(r, target, asForward, asReverse)));
        continue;
      }
      if (r.getModifiers().contains(Modifier.PRIVATE) || !isStatic(r)) {
        problems.add(new Problem(r, "custom rule " + simple(holder) + "." + name + " must be"
            + " static and not private: generated code calls it"));
        continue;
      }
      (isForward ? forward : reverse).put(matched, r);
    }
    Set<ExecutableElement> covered = new LinkedHashSet<>(forward.keySet());
    covered.addAll(reverse.keySet());
    Map<String, Integer> overloads = new LinkedHashMap<>();
    covered.forEach(m -> overloads.merge(m.getSimpleName().toString(), 1, Integer::sum));
    List<CustomRule> rules = new ArrayList<>();
    List<ExecutableElement> reverseRules = new ArrayList<>();
    for (ExecutableElement m : covered) {
      String what = describe(m);
      if (!forward.containsKey(m)) {
        problems.add(new Problem(reverse.get(m), "the custom rules for " + what + " need a"
            + " forward rule too: " + render(m, expectedForward(m), true)));
        continue;
      }
      if (!reverse.containsKey(m)) {
        problems.add(new Problem(forward.get(m), "the custom rules for " + what + " need a"
            + " reverse rule too: " + render(m, expectedReverse(m), false)));
        continue;
      }
      String unsupported = unsupported(m, holder);
      if (unsupported != null) {
        problems.add(new Problem(forward.get(m), "custom rules for " + what + " are not"
            + " supported: " + unsupported));
        continue;
      }
      if (zero.contains(m.getSimpleName().toString())) {
        problems.add(new Problem(forward.get(m), what + " has custom rules and is listed in"
            + " zeroDerivative: keep one of the two"));
        continue;
      }
      rules.add(rule(holder, target, m, forward.get(m), reverse.get(m),
          overloads.get(m.getSimpleName().toString()) > 1,
          readOnly.contains(m.getSimpleName().toString())));
      reverseRules.add(reverse.get(m));
    }
    if (rules.isEmpty() && zero.isEmpty() && problems.isEmpty()) {
      problems.add(new Problem(holder, simple(holder) + " holds no rules for " + simple(target)
          + ": for each static method m of " + simple(target) + " declare its forward rule m"
          + " and its reverse rule mAdjoint, with the signatures jgrad generates for a @Grad"
          + " method m (see the README, \"Custom rules\")"));
    }
    Set<String> zeroKeys = new LinkedHashSet<>();
    zero.forEach(n -> zeroKeys.add(targetName + "#" + n));
    return new Holder(holder, targetName, rules, reverseRules, zeroKeys, problems);
  }

  private CustomRule rule(TypeElement holder, TypeElement target, ExecutableElement m,
      ExecutableElement forwardRule, ExecutableElement reverseRule, boolean overloaded,
      boolean readOnly) {
    List<String> erased = new ArrayList<>();
    List<Type> params = new ArrayList<>();
    List<Boolean> noGrad = new ArrayList<>();
    for (VariableElement p : m.getParameters()) {
      erased.add(types.erasure(p.asType()).toString());
      params.add(irType(p.asType()));
      noGrad.add(isNoGrad(p));
    }
    // the target's parameters as the forward rule names them (class files may not keep names)
    List<String> names = new ArrayList<>();
    int at = 0;
    for (int k = 0; k < params.size(); k++) {
      names.add(forwardRule.getParameters().get(at).getSimpleName().toString());
      at += params.get(k).isDifferentiable() && !noGrad.get(k) ? 2 : 1;
    }
    String name = simple(target).replace('.', '_') + "_" + m.getSimpleName();
    if (overloaded) {
      for (String p : erased) {
        name += "_" + p.substring(p.lastIndexOf('.') + 1).replace("[]", "Array");
      }
    }
    Set<String> thrown = new LinkedHashSet<>();
    for (ExecutableElement e : List.of(m, forwardRule, reverseRule)) {
      e.getThrownTypes().forEach(t -> thrown.add(types.erasure(t).toString()));
    }
    String pkg = elements.getPackageOf(holder).getQualifiedName().toString();
    return new CustomRule(holder.getQualifiedName().toString(), pkg, RuleBases.of(holder),
        target.getQualifiedName().toString(), m.getSimpleName().toString(), erased, name,
        params, names, noGrad, irType(m.getReturnType()), readOnly,
        reverseRule.getSimpleName().toString(), List.copyOf(thrown));
  }

  /** Why jgrad cannot call rules for {@code m} yet, or null. */
  private String unsupported(ExecutableElement m, TypeElement holder) {
    if (!m.getTypeParameters().isEmpty() || m.isVarArgs()) {
      return "it is generic or takes varargs";
    }
    if (m.getModifiers().contains(Modifier.PRIVATE) || !m.getModifiers().contains(Modifier.PUBLIC)
        && !elements.getPackageOf(m).equals(elements.getPackageOf(holder))) {
      return "the rules' classes, in " + elements.getPackageOf(holder) + ", cannot call it";
    }
    for (VariableElement p : m.getParameters()) {
      if (irType(p.asType()) == null) {
        return "its parameter " + p.getSimpleName() + " is a " + p.asType() + "; custom rules"
            + " take numbers, arrays of numbers, data (int, long, boolean, String, enums and"
            + " their arrays) and records of numbers and data (not holding arrays, not classes"
            + " used as values or arrays of records, yet)";
      }
    }
    Type returns = irType(m.getReturnType());
    boolean result = returns != null && (returns.isFloating() || returns.equals(Type.VOID)
        || returns.equals(Type.DOUBLE_ARRAY) || returns.equals(Type.DOUBLE_MATRIX)
        || returns.isRecord() && returns.shape().isDifferentiable());
    if (!result) {
      return "it returns " + m.getReturnType() + "; custom rules are for methods returning"
          + " double, float, double[], double[][], void or a record of numbers (a method whose"
          + " result has no derivative needs none: list it in zeroDerivative)";
    }
    if (returns.equals(Type.VOID) && m.getParameters().stream()
        .noneMatch(p -> irType(p.asType()).isFloatingArray() && !isNoGrad(p))) {
      return "it returns void and has no array to write its output to";
    }
    if (m.getParameters().stream().noneMatch(p -> irType(p.asType()).isDifferentiable()
        && !isNoGrad(p))) {
      return "it has no differentiable parameter (double, float or an array of them)";
    }
    List<Type> params = m.getParameters().stream().map(p -> irType(p.asType())).toList();
    if (io.jgrad.processor.rules.ParameterSlots.packsScalarTangents(params,
        m.getParameters().stream().map(CustomRuleChecks::isNoGrad).toList())) {
      return "its forward rule would need more than the JVM's 255 parameter slots";
    }
    return null;
  }

  /** The forward rule's signature: the parameters, each differentiable one with its tangent. */
  public List<String> expectedForward(ExecutableElement m) {
    List<String> out = new ArrayList<>();
    Type result = irType(m.getReturnType());
    out.add(result != null && result.isRecord() ? result.tangentType() + ".Dual"
        : forwardResult(m.getReturnType()));
    for (VariableElement p : m.getParameters()) {
      out.add(types.erasure(p.asType()).toString());
      Type t = irType(p.asType());
      if (t != null && t.isDifferentiable() && !isNoGrad(p)) {
        out.add(t.tangentType().toString());
      }
    }
    return out;
  }

  /**
   * The reverse rule's signature: the parameters, each array followed by its adjoint buffer,
   * then the seed (or the result's cotangent), then {@code scalarBars} if there are scalars.
   */
  public List<String> expectedReverse(ExecutableElement m) {
    List<String> out = new ArrayList<>();
    out.add(types.erasure(m.getReturnType()).toString());
    boolean scalars = false;
    for (VariableElement p : m.getParameters()) {
      out.add(types.erasure(p.asType()).toString());
      Type t = irType(p.asType());
      if (t != null && t.hasShadow() && !isNoGrad(p)) {
        out.add(t.tangentType().toString());
      }
      scalars |= t != null && t.isFloating() && !isNoGrad(p);
    }
    Type result = irType(m.getReturnType());
    if (result != null && result.isFloating()) {
      out.add("double");
    } else if (result != null && result.hasShadow()) {
      out.add(result.tangentType().toString());
    }
    if (scalars) {
      out.add("double[]");
    }
    return out;
  }

  private static String forwardResult(TypeMirror result) {
    return switch (result.toString()) {
      case "double", "float" -> "io.jgrad.Dual";
      case "double[]" -> "io.jgrad.DualArray";
      case "double[][]" -> "io.jgrad.DualMatrix";
      default -> result.toString();
    };
  }

  /** True if {@code r} has exactly the return and parameter types of {@code expected}. */
  private boolean matches(ExecutableElement r, List<String> expected) {
    if (r.getParameters().size() != expected.size() - 1
        || !sameType(r.getReturnType(), expected.get(0))) {
      return false;
    }
    for (int k = 0; k < r.getParameters().size(); k++) {
      if (!sameType(r.getParameters().get(k).asType(), expected.get(k + 1))) {
        return false;
      }
    }
    return true;
  }

  /**
   * True if {@code actual} is the type named {@code expected}. A tangent class jgrad generates
   * this round ({@code Vec2_Tangent}) is unresolved until the next: it matches by the name the
   * source gives it, qualified or not.
   */
  private boolean sameType(TypeMirror actual, String expected) {
    String text = types.erasure(actual).toString();
    return text.equals(expected) || actual.getKind() == TypeKind.ERROR
        && expected.endsWith("." + text);
  }

  /** The error for a holder method named like a rule whose signature matches none. */
  private String mismatch(ExecutableElement r, TypeElement target,
      List<ExecutableElement> asForward, List<ExecutableElement> asReverse) {
    List<String> expected = new ArrayList<>();
    for (ExecutableElement m : asForward) {
      if (isStatic(m)) {
        expected.add("for " + describe(m) + ": " + render(m, expectedForward(m), true));
      }
    }
    for (ExecutableElement m : asReverse) {
      if (isStatic(m)) {
        expected.add("for " + describe(m) + ": " + render(m, expectedReverse(m), false));
      }
    }
    if (expected.isEmpty()) {
      return "custom rule " + r.getSimpleName() + " is named after a method of "
          + simple(target) + " that is not static; custom rules are for static methods";
    }
    return "custom rule " + r.getSimpleName() + "(" + String.join(", ", r.getParameters()
        .stream().map(p -> shortName(types.erasure(p.asType()).toString())).toList())
        + ") matches no method of " + simple(target) + ": the signature jgrad expects is, "
        + String.join("; ", expected);
  }

  /** {@code static Dual erf(double x, double xDot)}: an expected rule, for messages. */
  private String render(ExecutableElement m, List<String> signature, boolean forward) {
    String name = forward ? m.getSimpleName().toString()
        : RuleNames.adjointMethod(m.getSimpleName().toString());
    List<String> names = forward ? forwardNames(m) : reverseNames(m);
    List<String> params = new ArrayList<>();
    for (int k = 1; k < signature.size(); k++) {
      params.add(shortName(signature.get(k)) + " " + names.get(k - 1));
    }
    return "static " + shortName(signature.get(0)) + " " + name + "(" + String.join(", ", params)
        + ")";
  }

  private List<String> forwardNames(ExecutableElement m) {
    List<String> out = new ArrayList<>();
    for (VariableElement p : m.getParameters()) {
      String n = p.getSimpleName().toString();
      out.add(n);
      Type t = irType(p.asType());
      if (t != null && t.isDifferentiable() && !isNoGrad(p)) {
        out.add(RuleNames.tangent(n));
      }
    }
    return out;
  }

  private List<String> reverseNames(ExecutableElement m) {
    List<String> out = new ArrayList<>();
    boolean scalars = false;
    for (VariableElement p : m.getParameters()) {
      String n = p.getSimpleName().toString();
      out.add(n);
      Type t = irType(p.asType());
      if (t != null && t.hasShadow() && !isNoGrad(p)) {
        out.add(RuleNames.adjoint(n));
      }
      scalars |= t != null && t.isFloating() && !isNoGrad(p);
    }
    Type result = irType(m.getReturnType());
    if (result != null && result.isFloating()) {
      out.add("seed");
    } else if (result != null && result.hasShadow()) {
      out.add("resultBar");
    }
    if (scalars) {
      out.add("scalarBars");
    }
    return out;
  }

  /** {@code Erf.erf(double)}. */
  private String describe(ExecutableElement m) {
    return simple((TypeElement) m.getEnclosingElement()) + "." + m.getSimpleName() + "("
        + String.join(", ", m.getParameters().stream()
            .map(p -> shortName(types.erasure(p.asType()).toString())).toList()) + ")";
  }

  private static String shortName(String type) {
    int generic = type.indexOf('<');
    String base = generic < 0 ? type : type.substring(0, generic);
    return base.substring(base.lastIndexOf('.') + 1);
  }

  /** {@code Outer.Inner}: a class's name within its package. */
  private static String simple(TypeElement type) {
    StringBuilder name = new StringBuilder(type.getSimpleName());
    for (Element e = type.getEnclosingElement(); e instanceof TypeElement outer;
        e = outer.getEnclosingElement()) {
      name.insert(0, outer.getSimpleName() + ".");
    }
    return name.toString();
  }

  private boolean isStatic(ExecutableElement m) {
    return m.getModifiers().contains(Modifier.STATIC);
  }

  private static boolean isNoGrad(VariableElement p) {
    return p.getAnnotationMirrors().stream().anyMatch(a -> ((TypeElement) a.getAnnotationType()
        .asElement()).getQualifiedName().contentEquals("io.jgrad.NoGrad"));
  }

  private static TypeElement targetOf(AnnotationMirror annotation) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e
        : annotation.getElementValues().entrySet()) {
      if (e.getKey().getSimpleName().contentEquals("value")
          && e.getValue().getValue() instanceof DeclaredType type) {
        return (TypeElement) type.asElement();
      }
    }
    return null;
  }

  private static Set<String> names(AnnotationMirror annotation, String element) {
    Set<String> out = new LinkedHashSet<>();
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e
        : annotation.getElementValues().entrySet()) {
      if (e.getKey().getSimpleName().contentEquals(element)
          && e.getValue().getValue() instanceof List<?> values) {
        for (Object v : values) {
          out.add(String.valueOf(((AnnotationValue) v).getValue()));
        }
      }
    }
    return out;
  }

  /**
   * The IR type of a parameter or result type a custom rule may have: numbers, booleans,
   * Strings, enums, arrays of numbers (up to three dimensions), arrays of data, and records of
   * such values (not holding arrays; the tangent of a record is its generated {@code
   * R_Tangent}); null for anything else (classes used as values, arrays of records: not
   * supported by custom rules yet).
   */
  Type irType(TypeMirror type) {
    return irType(type, new java.util.HashSet<>());
  }

  private Type irType(TypeMirror type, Set<String> enclosing) {
    if (type.getKind().isPrimitive() || type.getKind() == TypeKind.VOID) {
      return Type.primitive(type.toString());
    }
    if (type instanceof ArrayType array) {
      Type element = irType(array.getComponentType(), enclosing);
      if (element == null || element.isArray() && element.dimensions() >= 3
          || element.isRecord()) {
        return null;
      }
      Type base = element.baseType();
      boolean numbers = base.isFloating();
      boolean data = base.isPrimitive() || base.equals(Type.STRING);
      return numbers || data && element.dimensions() < 2 ? element.arrayOf() : null;
    }
    if (type instanceof DeclaredType declared) {
      TypeElement e = (TypeElement) declared.asElement();
      if (e.getKind() == ElementKind.ENUM || e.getQualifiedName().contentEquals(
          "java.lang.String")) {
        return Type.classType(e.getQualifiedName().toString());
      }
      if (e.getKind() == ElementKind.RECORD) {
        return record(e, enclosing);
      }
    }
    return null;
  }

  /** A record of numbers, data and such records, as the IR models it; else null. */
  private Type record(TypeElement e, Set<String> enclosing) {
    String name = e.getQualifiedName().toString();
    if (!e.getTypeParameters().isEmpty() || !enclosing.add(name)) {
      return null;
    }
    try {
      List<io.jgrad.processor.ir.RecordShape.Component> components = new ArrayList<>();
      for (Element c : e.getRecordComponents()) {
        Type t = irType(c.asType(), enclosing);
        if (t == null || t.isArray()) {
          return null;
        }
        components.add(new io.jgrad.processor.ir.RecordShape.Component(
            c.getSimpleName().toString(), t));
      }
      String pkg = elements.getPackageOf(e).getQualifiedName().toString();
      String binary = elements.getBinaryName(e).toString();
      String nested = pkg.isEmpty() ? binary : binary.substring(pkg.length() + 1);
      String tangent = RuleNames.ruleBase(nested) + "_Tangent";
      io.jgrad.processor.ir.RecordShape shape = new io.jgrad.processor.ir.RecordShape(name,
          pkg.isEmpty() ? tangent : pkg + "." + tangent);
      shape.setComponents(components);
      return Type.record(shape);
    } finally {
      enclosing.remove(name);
    }
  }
}
