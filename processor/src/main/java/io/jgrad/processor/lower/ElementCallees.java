package io.jgrad.processor.lower;

import io.jgrad.Grad;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.check.MethodChecks;
import io.jgrad.processor.rules.CustomRule;
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.rules.NestedRule;
import io.jgrad.processor.rules.RuleBases;
import io.jgrad.processor.transform.CalleeTable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;

/**
 * Resolves the calls of the methods being differentiated, through javax.lang.model (which sees
 * this build's sources and the class path alike): to {@code @Grad} methods, whose rules are
 * generated anyway, and to <em>helpers</em>, static methods without {@code @Grad} whose source
 * is in this build and whose signature jgrad can differentiate. A helper's rules are generated
 * because something calls it: each resolved helper is queued once for lowering ({@link
 * #nextHelper}), so recursion and helpers shared by several entry points cost one set of rules.
 */
public final class ElementCallees implements CalleeResolver {
  /**
   * A helper to lower: where it is declared and its rule description; a {@code passive} one is
   * only lowered to check that it writes none of its array parameters (the rules call it); an
   * {@code optional} one is differentiated if jgrad can, quietly left out if it cannot (a custom
   * rule's reverse rule, whose forward rule only second-order rules need), and so are the
   * helpers it calls.
   */
  public record Helper(TypeElement owner, ExecutableElement method, GradCallee callee,
      boolean passive, boolean optional) {
    public String key() {
      return CalleeTable.key(callee.owner(), callee.name());
    }
  }

  private final Elements elements;
  private final Types types;
  private final Predicate<TypeElement> hasSource;
  /** Reads a value class's constructor from its source (set by the pipeline). */
  private java.util.function.Function<IMethodBinding, ConstructorFields.Result> constructors =
      c -> null;
  private final Map<String, GradCallee> resolved = new HashMap<>();
  private final Map<String, NestedRule> nested = new LinkedHashMap<>();
  private final Map<ExecutableElement, Helper> helpers = new LinkedHashMap<>();
  private final Deque<Helper> pending = new ArrayDeque<>();
  /** The keys of the optional helpers ({@link Helper#optional}). */
  private final Set<String> optional = new java.util.HashSet<>();
  /** For each callee key, the keys of the functions whose lowering resolved a call to it. */
  private final Map<String, Set<String>> callers = new HashMap<>();
  private String caller;
  private java.util.function.Function<IMethodBinding, PathGetters.Path> getters;
  private final Map<String, java.util.Optional<PathGetters.Path>> getterCache = new HashMap<>();
  private java.util.function.ToIntFunction<IMethodBinding> returnedArguments;
  private final Map<String, Integer> returnedCache = new HashMap<>();
  private CustomRuleTable customRules;
  /** The custom rules calls resolved to, by callee key. */
  private final Map<String, CustomRule> customCallees =
      new LinkedHashMap<>();

  /**
   * @param hasSource whether jgrad can read the source of a top-level type (helpers elsewhere,
   *     in jars or classes compiled earlier without their sources, are not differentiated)
   */
  public ElementCallees(Elements elements, Types types, Predicate<TypeElement> hasSource) {
    this.elements = elements;
    this.types = types;
    this.hasSource = hasSource;
  }

  /** How to read the constructors of classes used as values: the pipeline has their sources. */
  public void readConstructorsWith(
      java.util.function.Function<IMethodBinding, ConstructorFields.Result> reader) {
    this.constructors = reader;
  }

  @Override
  public ConstructorFields.Result constructorFields(IMethodBinding constructor) {
    return constructors.apply(constructor);
  }

  /** How to read getters' bodies ({@link PathGetters}): the pipeline has their sources. */
  public void readGettersWith(
      java.util.function.Function<IMethodBinding, PathGetters.Path> reader) {
    this.getters = reader;
  }

  @Override
  public PathGetters.Path getter(IMethodBinding method) {
    if (getters == null || method.isConstructor()
        || org.eclipse.jdt.core.dom.Modifier.isAbstract(method.getModifiers())) {
      return null;
    }
    // Optional.empty() marks a method read and found not to be a getter
    return getterCache.computeIfAbsent(method.getMethodDeclaration().getKey(),
        k -> java.util.Optional.ofNullable(getters.apply(method))).orElse(null);
  }

  /** How to read which argument a helper returns ({@link ReturnedArguments}). */
  public void readReturnedArgumentsWith(
      java.util.function.ToIntFunction<IMethodBinding> reader) {
    this.returnedArguments = reader;
  }

  @Override
  public int returnedArgument(IMethodBinding method) {
    if (returnedArguments == null || method.isConstructor()
        || org.eclipse.jdt.core.dom.Modifier.isAbstract(method.getModifiers())) {
      return -1;
    }
    return returnedCache.computeIfAbsent(method.getMethodDeclaration().getKey(),
        k -> returnedArguments.applyAsInt(method));
  }

  /** The custom rules that win over jgrad's own differentiation of the methods they are for. */
  public void useCustomRules(CustomRuleTable table) {
    this.customRules = table;
  }

  @Override
  public boolean isZeroDerivative(IMethodBinding method) {
    if (customRules == null || !org.eclipse.jdt.core.dom.Modifier.isStatic(method.getModifiers())
        || !customRules.isZeroDerivative(method)) {
      return false;
    }
    ExecutableElement candidate = element(method);
    if (candidate != null && !isCopied(candidate) && candidate.getParameters().stream()
        .anyMatch(p -> MethodChecks.holdsArrays(p.asType()))
        && hasSource.test(RuleBases.topLevel((TypeElement) candidate.getEnclosingElement()))) {
      // lowered too, to check that it leaves the arrays it is passed as they are
      TypeElement type = (TypeElement) candidate.getEnclosingElement();
      calledBy(helper(type, candidate, method, true).key());
    }
    return true;
  }

  /** The custom rules calls resolved to so far, by callee key. */
  public Map<String, CustomRule> customCallees() {
    return customCallees;
  }

  /** Names the function being lowered, so that the calls resolved next are recorded as its. */
  public void lowering(String callerKey) {
    this.caller = callerKey;
  }

  @Override
  public GradCallee resolve(IMethodBinding method) {
    CustomRule custom = customRules == null
        || !org.eclipse.jdt.core.dom.Modifier.isStatic(method.getModifiers()) ? null
        : customRules.ruleFor(method);
    if (custom == null && customRules != null && customRules.ambiguity(method) != null) {
      return null; // an error at the call (whyNot), not jgrad's own rules
    }
    if (custom != null) {
      // hand-written rules win: generated code calls them through the holder's adapters
      resolved.put(custom.calleeKey(), custom.callee());
      customCallees.put(custom.calleeKey(), custom);
      calledBy(custom.calleeKey());
      return custom.callee();
    }
    ExecutableElement candidate = element(method);
    if (candidate == null) {
      return null;
    }
    TypeElement type = (TypeElement) candidate.getEnclosingElement();
    GradCallee callee = null;
    if (candidate.getAnnotation(Grad.class) != null) {
      callee = callee(type, method, method.getName());
    } else if (isHelper(type, candidate)) {
      callee = helper(type, candidate, method, false).callee();
    }
    if (callee != null) {
      String key = CalleeTable.key(callee.owner(), callee.name());
      resolved.put(key, callee);
      calledBy(key);
    }
    return callee;
  }

  /**
   * A constructor that computes fields, differentiated as a helper returning the new object
   * ({@code newCubicSpline} in the rule classes of its class); null if jgrad cannot read it.
   */
  @Override
  public GradCallee constructor(IMethodBinding constructor) {
    ITypeBinding declaring = constructor.getDeclaringClass().getErasure();
    TypeElement type = elements.getTypeElement(declaring.getQualifiedName());
    if (type == null || !hasSource.test(RuleBases.topLevel(type))) {
      return null;
    }
    for (ExecutableElement candidate : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (sameParameters(candidate, constructor)) {
        GradCallee callee = helper(type, candidate, constructor, false).callee();
        String key = CalleeTable.key(callee.owner(), callee.name());
        resolved.put(key, callee);
        calledBy(key);
        return callee;
      }
    }
    return null;
  }

  @Override
  public boolean isPassive(IMethodBinding method) {
    if (customRules != null && customRules.ambiguity(method) != null) {
      return false; // an error at the call (whyNot)
    }
    ExecutableElement candidate = element(method);
    if (candidate == null || passiveProblem(candidate) != null) {
      return false;
    }
    if (isCopied(candidate) || candidate.getParameters().stream()
        .anyMatch(p -> MethodChecks.holdsArrays(p.asType()))) {
      // lowered too: to check that it leaves the arrays it is passed as they are, and for a
      // private one, to be copied into the rule classes, which cannot call it
      TypeElement type = (TypeElement) candidate.getEnclosingElement();
      calledBy(helper(type, candidate, method, true).key());
    }
    return true;
  }

  /**
   * The class whose method the rules call in place of a passive {@code method}: its own class, or
   * for a private one the forward rule class of that class, which holds a copy.
   */
  @Override
  public String passiveOwner(IMethodBinding method) {
    ExecutableElement candidate = element(method);
    TypeElement type = (TypeElement) candidate.getEnclosingElement();
    if (!isCopied(candidate)) {
      return type.getQualifiedName().toString();
    }
    String pkg = elements.getPackageOf(type).getQualifiedName().toString();
    String rules = io.jgrad.processor.rules.RuleNames.forwardClass(RuleBases.of(type));
    return pkg.isEmpty() ? rules : pkg + "." + rules;
  }

  /** A private passive method: the rule classes call a copy of it. */
  private static boolean isCopied(ExecutableElement method) {
    return method.getModifiers().contains(Modifier.PRIVATE);
  }

  @Override
  public String whyNot(IMethodBinding method) {
    String ambiguity = customRules == null ? null : customRules.ambiguity(method);
    if (ambiguity != null) {
      return ambiguity;
    }
    ExecutableElement candidate = element(method);
    if (candidate == null) {
      return "jgrad cannot see its declaration";
    }
    String passive = passiveProblem(candidate);
    if (passive != null) {
      return passive;
    }
    return UNSUPPORTED_SIGNATURE;
  }

  private static final String UNSUPPORTED_SIGNATURE = "its signature is not one jgrad"
      + " differentiates (double, float, double[], double[][], int, long, boolean, char, short,"
      + " byte, String or enum parameters; a double, float or double[] result, or void and an"
      + " array parameter to write)";

  /**
   * Why the rules cannot call {@code method} as it is (null if they can): it must be static or
   * an instance method of a record or enum, visible to the generated classes (or copied into
   * them), and its result must carry no derivative; its array arguments must be checked (its
   * source read) to be left as they are.
   */
  private String passiveProblem(ExecutableElement method) {
    Set<Modifier> modifiers = method.getModifiers();
    for (VariableElement p : method.getParameters()) {
      if (!MethodChecks.isDifferentiable(p.asType()) && !MethodChecks.isPassive(p.asType())) {
        return "its parameter " + p.getSimpleName() + " is a " + p.asType() + ", which jgrad"
            + " does not model" + MethodChecks.whyNotModelled(p.asType());
      }
    }
    TypeElement owner = (TypeElement) method.getEnclosingElement();
    boolean instance = !modifiers.contains(Modifier.STATIC);
    if (instance && owner.getKind() != javax.lang.model.element.ElementKind.RECORD
        && owner.getKind() != javax.lang.model.element.ElementKind.ENUM) {
      // a record's or enum's fields are final; a class's method may change its object
      return "it is not static";
    }
    if (instance && MethodChecks.holdsArrays(owner.asType())) {
      return "its record holds arrays, and jgrad differentiates such a record's methods only if"
          + " they return a double, a double array, a record, or an int, long or boolean";
    }
    // the receiver is an argument too: its components may carry derivatives
    boolean differentiableParam = (instance && MethodChecks.isDifferentiable(owner.asType()))
        || method.getParameters().stream()
        .anyMatch(p -> MethodChecks.isDifferentiable(p.asType()) || isFloating(p.asType()));
    if ((isFloating(method.getReturnType())
        || MethodChecks.isDifferentiable(method.getReturnType())) && differentiableParam) {
      return hasSource.test(RuleBases.topLevel((TypeElement) method.getEnclosingElement()))
          ? UNSUPPORTED_SIGNATURE
          : "its source is not in this build, so jgrad cannot differentiate it";
    }
    if (modifiers.contains(Modifier.PRIVATE) && (modifiers.contains(Modifier.ABSTRACT)
        || modifiers.contains(Modifier.NATIVE)
        || !hasSource.test(RuleBases.topLevel((TypeElement) method.getEnclosingElement())))) {
      return "it is private, and jgrad cannot read its source to copy it into the rule classes:"
          + " make it package-private";
    }
    boolean arrays = method.getParameters().stream()
        .anyMatch(p -> MethodChecks.holdsArrays(p.asType()));
    if (arrays && (modifiers.contains(Modifier.ABSTRACT) || modifiers.contains(Modifier.NATIVE)
        || !hasSource.test(RuleBases.topLevel((TypeElement) method.getEnclosingElement())))) {
      return "it takes an array, and its source is not in this build, so jgrad cannot check"
          + " that it leaves the array as it is";
    }
    return null;
  }

  /** double, float, or an array of them: something with a derivative. */
  private static boolean isFloating(javax.lang.model.type.TypeMirror type) {
    javax.lang.model.type.TypeMirror t = type;
    while (t instanceof javax.lang.model.type.ArrayType array) {
      t = array.getComponentType();
    }
    return t.getKind() == TypeKind.DOUBLE || t.getKind() == TypeKind.FLOAT
        || t.toString().equals("java.lang.Double") || t.toString().equals("java.lang.Float");
  }

  private void calledBy(String key) {
    if (caller != null) {
      callers.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(caller);
    }
  }

  /** The declaration {@code method} binds to, or null if javax.lang.model does not see it. */
  private ExecutableElement element(IMethodBinding method) {
    ITypeBinding declaring = method.getDeclaringClass().getErasure();
    TypeElement type = elements.getTypeElement(declaring.getQualifiedName());
    if (type == null) {
      return null;
    }
    for (ExecutableElement candidate : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (sameSignature(candidate, method)) {
        return candidate;
      }
    }
    return null;
  }

  @Override
  public NestedRule nested(NestedRule.Kind kind, GradCallee target, List<String> names,
      int param) {
    String owner = caller == null ? null : caller.substring(0, caller.indexOf('#'));
    TypeElement type = owner == null ? null : elements.getTypeElement(owner);
    if (type == null) {
      return null;
    }
    NestedRule made = NestedRule.of(kind, target, names, param, owner,
        elements.getPackageOf(type).getQualifiedName().toString(), RuleBases.of(type));
    NestedRule rule = nested.computeIfAbsent(made.key(), key -> made);
    resolved.put(rule.key(), rule.synthetic());
    calledBy(rule.key());
    return rule;
  }

  /** The rules of rules resolved so far ({@link #nested}). */
  public java.util.Collection<NestedRule> nestedRules() {
    return nested.values();
  }

  /** The keys of every helper resolved so far (passive ones included). */
  public Set<String> helperKeys() {
    Set<String> keys = new LinkedHashSet<>();
    helpers.values().forEach(h -> keys.add(h.key()));
    return keys;
  }

  /** The next helper to lower, or null when every resolved helper has been handed out. */
  public Helper nextHelper() {
    return pending.poll();
  }

  /** The functions (by key) whose lowering resolved a call to the callee with this key. */
  public Set<String> callersOf(String key) {
    return callers.getOrDefault(key, Set.of());
  }

  /** The callees resolved so far, with what is known of the arrays they write. */
  public CalleeTable table(Map<String, Set<Integer>> writes,
      Map<String, Set<Integer>> arrayWrites) {
    if (!customCallees.isEmpty()) {
      // a custom rule's target writes every array it is passed, unless declared read-only
      writes = new HashMap<>(writes);
      arrayWrites = new HashMap<>(arrayWrites);
      for (Map.Entry<String, CustomRule> e : customCallees.entrySet()) {
        Set<Integer> written = new java.util.TreeSet<>();
        List<Type> params = e.getValue().parameterTypes();
        for (int k = 0; k < params.size() && !e.getValue().readOnly(); k++) {
          if (params.get(k).isArray()) {
            written.add(k);
          }
        }
        writes.put(e.getKey(), written);
        arrayWrites.put(e.getKey(), written);
      }
    }
    if (!nested.isEmpty()) {
      // rules of rules write nothing (their targets are checked to write nothing)
      writes = new HashMap<>(writes);
      arrayWrites = new HashMap<>(arrayWrites);
      for (String key : nested.keySet()) {
        writes.put(key, Set.of());
        arrayWrites.put(key, Set.of());
      }
    }
    return new CalleeTable(Map.copyOf(resolved), writes, arrayWrites, Set.copyOf(nested.keySet()));
  }

  private Helper helper(TypeElement type, ExecutableElement method, IMethodBinding binding,
      boolean passive) {
    return helper(type, method, binding, passive, caller != null && optional.contains(caller));
  }

  private Helper helper(TypeElement type, ExecutableElement method, IMethodBinding binding,
      boolean passive, boolean isOptional) {
    Helper helper = helpers.get(method);
    if (helper == null) {
      String name = passive ? method.getSimpleName().toString() : ruleName(type, method);
      helper = new Helper(type, method, callee(type, binding, name), passive, isOptional);
      helpers.put(method, helper);
      pending.add(helper);
      if (isOptional) {
        optional.add(helper.key());
      }
    }
    return helper;
  }

  /**
   * Differentiates {@code method} (a custom rule's reverse rule) if jgrad can, without a caller
   * and without an error if it cannot; the callee of its rules, or null if it is no helper.
   */
  public GradCallee optionalHelper(IMethodBinding method) {
    ExecutableElement candidate = element(method);
    if (candidate == null) {
      return null;
    }
    TypeElement type = (TypeElement) candidate.getEnclosingElement();
    if (!isHelper(type, candidate)) {
      return null;
    }
    GradCallee callee = helper(type, candidate, method, false, true).callee();
    resolved.put(CalleeTable.key(callee.owner(), callee.name()), callee);
    return callee;
  }

  /** True if the function with this key is differentiated only if jgrad can, quietly. */
  public boolean isOptional(String key) {
    return optional.contains(key);
  }

  /**
   * True for a static method with a body in a class whose source jgrad reads, with a signature
   * jgrad differentiates: double, float, double[], double[][] or passive parameters (int, long,
   * boolean, String, enum, arrays of int, long or boolean), at least one of them differentiable
   * or an array, and a double, float, double[] or double[][] result, or a void, int, long or
   * boolean result with an array parameter (what it does to the arrays matters).
   */
  private boolean isHelper(TypeElement type, ExecutableElement method) {
    Set<Modifier> modifiers = method.getModifiers();
    boolean instance = !modifiers.contains(Modifier.STATIC);
    if (instance && !MethodChecks.isRecordValue(type.asType())
        && type.getKind() != javax.lang.model.element.ElementKind.ENUM) {
      // instance methods of records, value classes and enums only: the receiver is a value
      return false;
    }
    boolean ofClass = instance && type.getKind() == javax.lang.model.element.ElementKind.CLASS;
    if (modifiers.contains(Modifier.NATIVE)
        || modifiers.contains(Modifier.ABSTRACT) || method.isVarArgs()
        || !method.getTypeParameters().isEmpty() || !hasSource.test(RuleBases.topLevel(type))) {
      return false;
    }
    TypeKind returns = method.getReturnType().getKind();
    boolean arrayParam = instance && MethodChecks.holdsArrays(type.asType());
    boolean differentiable = instance && MethodChecks.isDifferentiable(type.asType());
    for (VariableElement p : method.getParameters()) {
      if (MethodChecks.isDifferentiable(p.asType())) {
        differentiable = true;
      } else if (!MethodChecks.isPassive(p.asType())) {
        return false;
      }
      arrayParam |= MethodChecks.holdsArrays(p.asType());
    }
    boolean result = returns == TypeKind.DOUBLE || returns == TypeKind.FLOAT
        || method.getReturnType().toString().equals("double[]")
        || method.getReturnType().toString().equals("double[][]")
        || MethodChecks.isRecordValue(method.getReturnType())
        // an int, long or boolean result has no derivative, but what the method does to the
        // arrays it is passed (writes, or reads the reverse sweep must see as they were) does
        || ((arrayParam || ofClass) && (returns == TypeKind.VOID || returns == TypeKind.INT
            || returns == TypeKind.LONG || returns == TypeKind.BOOLEAN));
    if (ofClass) {
      return result;
    }
    return result && (differentiable || arrayParam);
  }

  /**
   * The name of a helper's rules: its own, unless another method of its class has that name (an
   * overload, or a {@code @Grad} method whose generated names it would take); then the name
   * followed by its parameter types, {@code sq_float}.
   */
  private static String ruleName(TypeElement type, ExecutableElement method) {
    if (method.getKind() == javax.lang.model.element.ElementKind.CONSTRUCTOR) {
      // newCubicSpline; with the parameter types if the class has several constructors
      StringBuilder name = new StringBuilder("new").append(type.getSimpleName());
      if (ElementFilter.constructorsIn(type.getEnclosedElements()).size() > 1) {
        for (VariableElement p : method.getParameters()) {
          name.append('_').append(p.asType().toString().replaceAll(".*\\.", "")
              .replace("[]", "Array"));
        }
      }
      return name.toString();
    }
    String name = method.getSimpleName().toString();
    for (ExecutableElement other : ElementFilter.methodsIn(type.getEnclosedElements())) {
      String otherName = other.getSimpleName().toString();
      boolean clash = !other.equals(method) && (otherName.equals(name)
          || (other.getAnnotation(Grad.class) != null && name.startsWith(otherName)
              && List.of("Adjoint", "Jacobian", "Forward", "Reverse")
                  .contains(name.substring(otherName.length()))));
      if (clash) {
        StringBuilder mangled = new StringBuilder(name);
        for (VariableElement p : method.getParameters()) {
          mangled.append('_').append(p.asType().toString()
              .replaceAll(".*\\.", "").replace("[]", "Array"));
        }
        return mangled.toString();
      }
    }
    return name;
  }

  private boolean sameSignature(ExecutableElement candidate, IMethodBinding method) {
    return candidate.getSimpleName().contentEquals(method.getName())
        && sameParameters(candidate, method);
  }

  private boolean sameParameters(ExecutableElement candidate, IMethodBinding method) {
    if (candidate.getParameters().size() != method.getParameterTypes().length) {
      return false;
    }
    for (int k = 0; k < method.getParameterTypes().length; k++) {
      String expected = types.erasure(candidate.getParameters().get(k).asType()).toString();
      if (!expected.equals(method.getParameterTypes()[k].getErasure().getQualifiedName())) {
        return false;
      }
    }
    return true;
  }

  private GradCallee callee(TypeElement type, IMethodBinding method, String ruleName) {
    List<Type> params = new ArrayList<>();
    boolean instance = !org.eclipse.jdt.core.dom.Modifier.isStatic(method.getModifiers())
        && !method.isConstructor();
    if (instance) {
      params.add(JdtTypes.of(method.getDeclaringClass())); // the receiver, first
    }
    for (ITypeBinding p : method.getParameterTypes()) {
      params.add(JdtTypes.of(p));
    }
    String pkg = elements.getPackageOf(type).getQualifiedName().toString();
    GradCallee.Primal primal = visibleInPackage(method)
        ? new GradCallee.Primal(method.getName(), instance, method.isConstructor()) : null;
    // a helper returning an argument has void rules: its caller reads the argument
    Type returns = method.isConstructor() ? JdtTypes.of(method.getDeclaringClass())
        : returnedArgument(method) >= 0 ? Type.VOID : JdtTypes.of(method.getReturnType());
    List<Integer> stored = null;
    if (method.isConstructor()) {
      ConstructorFields.Result fields = constructors.apply(method);
      stored = new ArrayList<>();
      for (io.jgrad.processor.ir.RecordShape.Component c : returns.shape().components()) {
        stored.add(fields == null ? -1 : fields.sources().getOrDefault(c.name(), -1));
      }
    }
    return new GradCallee(type.getQualifiedName().toString(), pkg, RuleBases.of(type),
        ruleName, params, ConstantParams.of(method), returns,
        primal, stored);
  }

  /** True if code in the method's package (the rule classes) can call it. */
  private static boolean visibleInPackage(IMethodBinding method) {
    if (org.eclipse.jdt.core.dom.Modifier.isPrivate(method.getModifiers())) {
      return false;
    }
    for (ITypeBinding t = method.getDeclaringClass(); t != null; t = t.getDeclaringClass()) {
      if (org.eclipse.jdt.core.dom.Modifier.isPrivate(t.getModifiers())) {
        return false;
      }
    }
    return true;
  }
}
