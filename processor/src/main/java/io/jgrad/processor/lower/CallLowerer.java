package io.jgrad.processor.lower;

import io.jgrad.processor.diag.Message;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.RecordShape;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.rules.MathRules;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.SimpleName;

/**
 * Lowers method calls: value methods of Strings and enums as plain values, math functions (each
 * has a derivative rule), calls of methods with rules (a statement of their own, which the
 * transforms turn into rule calls) and passive methods, called as they are. Anything else is an
 * error that names the method and why.
 */
final class CallLowerer {
  private final MethodLowerer lowerer;
  private final ExpressionLowerer expressions;
  private final NestedCalls nested;

  CallLowerer(MethodLowerer lowerer, ExpressionLowerer expressions) {
    this.lowerer = lowerer;
    this.expressions = expressions;
    this.nested = new NestedCalls(lowerer, expressions);
  }

  /**
   * {@code m}, of type {@code type}: a value method of a String or enum, a math function, a
   * method with rules (a statement of its own), or a passive method called as it is.
   */
  Expr call(MethodInvocation m, Type type, Block out, boolean active) {
    IMethodBinding method = m.resolveMethodBinding();
    if (method == null) {
      lowerer.report(m, Message.UNRESOLVED.format(m.getName() + "(...)"));
      return Expr.Lit.of(0);
    }
    String owner = method.getDeclaringClass().getErasure().getQualifiedName();
    String signature = signature(method);
    MethodInvocation ruleCall = NestedCalls.ruleCall(m);
    if (ruleCall != null) {
      return nested.accessor(m, ruleCall, type, out); // G_Frule.g(x, xDir).tangent()
    }
    if (NestedCalls.isRuleClass(method.getDeclaringClass())) {
      lowerer.report(m, Message.RULE_CALL_FORM.format(m.getExpression() + "." + m.getName()
          + "(...)"));
      return Expr.Lit.of(0);
    }
    if (RecordLowerer.isAccessor(method)) {
      return lowerer.records.accessor(m, type, out);
    }
    PathGetters.Path getter = lowerer.callees.getter(method);
    if (getter != null && stepTypes(method, getter) != null) {
      return inlineGetter(m, method, getter, out);
    }
    if (!org.eclipse.jdt.core.dom.Modifier.isStatic(method.getModifiers())
        && m.getExpression() != null && isValueMethod(method)) {
      // s.length(), kind.ordinal(), s.equals("x"): plain values, no derivative
      InOrder order = new InOrder(lowerer, out);
      order.next(code -> expressions.value(m.getExpression(), code));
      for (Object arg : m.arguments()) {
        order.next(code -> expressions.value((Expression) arg, code));
      }
      List<Expr> values = order.values();
      return new Expr.Invoke(values.get(0), method.getName(), values.subList(1, values.size()),
          type);
    }
    if (!org.eclipse.jdt.core.dom.Modifier.isStatic(method.getModifiers())
        && isValue(method.getDeclaringClass())) {
      return recordMethod(m, method, type, out);
    }
    if (!org.eclipse.jdt.core.dom.Modifier.isStatic(method.getModifiers())) {
      if (!(m.getExpression() instanceof SimpleName receiver
          && lowerer.isRejected(receiver.resolveBinding()))) {
        lowerer.report(m, Message.INSTANCE_CALL.format(signature));
      }
      return Expr.Lit.of(0);
    }
    if (isBoxedFloating(type)) {
      type = Type.DOUBLE; // Double.valueOf(x) carries x's derivative: it needs a rule too
    }
    if (isStopGradient(owner, method) || lowerer.callees.isZeroDerivative(method)) {
      // called as it is, its result a constant to the rules: no derivative flows through it
      List<Expression> arguments = new ArrayList<>();
      for (Object arg : m.arguments()) {
        arguments.add((Expression) arg);
      }
      if (org.eclipse.jdt.core.dom.Modifier.isPrivate(method.getModifiers())) {
        lowerer.report(m, Message.ZERO_DERIVATIVE_PRIVATE.format(signature));
        return Expr.Lit.of(0);
      }
      String callee = isStopGradient(owner, method) ? owner
          : method.getDeclaringClass().getErasure().getQualifiedName();
      return new Expr.Call(callee, method.getName(), expressions.inOrder(arguments, out, false),
          type, true);
    }
    boolean math = MathRules.OWNERS.contains(owner);
    if (!(math && MathRules.lookup(owner, method.getName()) != null)
        && DataCalls.isDataCall(m, method)) {
      // every argument is data: the method itself is called (Gamma.logGamma(0.5 * n)), with
      // or without source, and needs no rules
      List<Expression> arguments = new ArrayList<>();
      for (Object arg : m.arguments()) {
        arguments.add((Expression) arg);
      }
      return new Expr.Call(owner, method.getName(), expressions.inOrder(arguments, out, false),
          type, true);
    }
    GradCallee callee = lowerer.callees.resolve(method);
    if (callee == null && type.isFloating() && math
        && MathRules.lookup(owner, method.getName()) == null) {
      lowerer.report(m, Message.NO_MATH_RULE.format(signature));
      return Expr.Lit.of(0);
    }
    boolean passive = callee == null && !math && lowerer.callees.isPassive(method);
    if (callee == null && !passive
        && !(math || (!type.isFloating() && PureMethods.isPure(owner)))) {
      lowerer.report(m, Message.NO_RULE.format(signature, lowerer.callees.whyNot(method)));
      return Expr.Lit.of(0);
    }
    List<Expression> arguments = new ArrayList<>();
    for (Object arg : m.arguments()) {
      arguments.add((Expression) arg);
    }
    List<Expr> args = expressions.inOrder(arguments, out, (active && !passive) || callee != null);
    if (callee != null) {
      // the callee's reverse part reads its scalar arguments again, when the arrays are as the
      // callee left them: an argument that reads an element (x[0], a row, (int) x[0],
      // Math.round(m[i][0])) or calls anything with effects is read into a temporary first
      args.replaceAll(arg -> arg instanceof Expr.Index || !Effects.isReevaluable(arg)
          ? lowerer.spill(arg, out) : arg);
    }
    if (callee != null && lowerer.callees.returnedArgument(method) >= 0) {
      return callReturningArgument(owner, callee, args, lowerer.callees.returnedArgument(method),
          out);
    }
    // a helper's rules may be named apart from it (overloads): calls name the rules; a private
    // passive method is called through its copy in the rule classes
    Expr call = new Expr.Call(passive ? lowerer.callees.passiveOwner(method)
        : callee != null ? callee.owner() : owner,
        callee != null ? callee.name() : method.getName(), args, type);
    // a call with rules is a statement of its own (its int result too, inside y * h(n, a)):
    // the transforms turn that statement into rule calls, and a derivative that reads the
    // result reads the variable instead of calling again
    return callee != null && !type.equals(Type.VOID) ? lowerer.spill(call, out) : call;
  }

  /** A record, an enum, or a class jgrad treats as a value: its instance methods are helpers. */
  private static boolean isValue(ITypeBinding type) {
    if (type.isRecord() || JdtTypes.isEnum(type)) {
      return true;
    }
    Type value = JdtTypes.of(type);
    return value != null && value.isRecord();
  }

  /**
   * {@code p.plus(q)}, {@code norm()} inside the record: an instance method of a record, enum or
   * value class is differentiated like a static helper taking the receiver first; a record's or
   * enum's whose result carries no derivative and that takes no array ({@code p.feller()}) is
   * called as it is (a class's may change its fields, so it is always lowered and checked).
   */
  private Expr recordMethod(MethodInvocation m, IMethodBinding method, Type type, Block out) {
    GradCallee callee = lowerer.callees.resolve(method);
    // a class's method may change its fields: it is differentiated (and checked), never passive
    boolean passive = callee == null
        && (method.getDeclaringClass().isRecord() || JdtTypes.isEnum(method.getDeclaringClass()))
        && lowerer.callees.isPassive(method);
    if (callee == null && !passive) {
      lowerer.report(m, Message.NO_RULE.format(signature(method),
          lowerer.callees.whyNot(method)));
      return type.isRecord() ? new Expr.Lit(type, "null") : Expr.Lit.of(0);
    }
    List<Expression> arguments = new ArrayList<>();
    for (Object arg : m.arguments()) {
      arguments.add((Expression) arg);
    }
    InOrder order = new InOrder(lowerer, out);
    order.next(code -> m.getExpression() == null
        || m.getExpression() instanceof org.eclipse.jdt.core.dom.ThisExpression
        ? lowerer.records.self(m) : lowerer.records.atom(m.getExpression(), code));
    for (Expression arg : arguments) {
      order.next(code -> ExpressionLowerer.isArray(arg) ? expressions.arrayAtom(arg, code)
          : ExpressionLowerer.isRecord(arg) ? lowerer.records.atom(arg, code)
          : callee != null ? expressions.operand(arg, code) : expressions.value(arg, code));
    }
    List<Expr> values = order.values();
    if (passive && org.eclipse.jdt.core.dom.Modifier.isPrivate(method.getModifiers())) {
      // the rule classes cannot call it: they call their copy, the receiver first
      return new Expr.Call(lowerer.callees.passiveOwner(method), method.getName(), values, type);
    }
    if (passive) {
      return new Expr.Invoke(values.get(0), method.getName(), values.subList(1, values.size()),
          type);
    }
    List<Expr> args = new ArrayList<>(values);
    args.replaceAll(arg -> arg instanceof Expr.Index || !Effects.isReevaluable(arg)
        ? lowerer.spill(arg, out) : arg);
    String owner = method.getDeclaringClass().getErasure().getQualifiedName();
    if (lowerer.callees.returnedArgument(method) >= 0) {
      return callReturningArgument(owner, callee, args, lowerer.callees.returnedArgument(method),
          out);
    }
    Expr call = new Expr.Call(owner, callee.name(), args, type);
    return type.equals(Type.VOID) ? call : lowerer.spill(call, out);
  }

  /**
   * A call of a helper that returns its argument {@code k} ({@link ReturnedArguments}): the
   * call, a statement of its own (its rules are void), then that argument as the value, held
   * in a variable from before the call (the callee may reassign the field it came from).
   */
  private Expr callReturningArgument(String owner, GradCallee callee, List<Expr> args, int k,
      Block out) {
    List<Expr> held = new ArrayList<>(args);
    if (!(held.get(k) instanceof Expr.Ref)) {
      held.set(k, lowerer.spill(held.get(k), out));
    }
    out.add(new io.jgrad.processor.ir.Stmt.Eval(new Expr.Call(owner, callee.name(), held,
        Type.VOID), lowerer.origin()));
    return held.get(k);
  }

  /**
   * The types along a getter's path, root first, or null unless each step is a field of a class
   * or record jgrad models or an element of an array (the receiver of an instance getter must be
   * such a value).
   */
  private static List<Type> stepTypes(IMethodBinding method, PathGetters.Path path) {
    boolean instance = !org.eclipse.jdt.core.dom.Modifier.isStatic(method.getModifiers());
    if (instance && !isValue(method.getDeclaringClass())) {
      return null;
    }
    Type t = path.root() < 0 ? JdtTypes.of(method.getDeclaringClass())
        : JdtTypes.of(method.getParameterTypes()[path.root()]);
    List<Type> types = new ArrayList<>();
    types.add(t);
    for (PathGetters.Step step : path.steps()) {
      if (t == null) {
        return null;
      }
      if (step.field() == null) {
        t = t.isArray() ? t.elementType() : null;
      } else {
        RecordShape.Component c = t.isRecord() ? t.shape().component(step.field()) : null;
        t = c == null ? null : c.type();
      }
      types.add(t);
    }
    return t == null ? null : types;
  }

  /**
   * {@code m.getWeights()} as {@code m.weights}: the receiver and arguments are evaluated in
   * Java's order, then the getter's path is read from the one it starts at.
   */
  private Expr inlineGetter(MethodInvocation m, IMethodBinding method, PathGetters.Path path,
      Block out) {
    boolean instance = !org.eclipse.jdt.core.dom.Modifier.isStatic(method.getModifiers());
    InOrder order = new InOrder(lowerer, out);
    if (instance) {
      order.next(code -> m.getExpression() == null
          || m.getExpression() instanceof org.eclipse.jdt.core.dom.ThisExpression
          ? lowerer.records.self(m) : lowerer.records.atom(m.getExpression(), code));
    }
    for (Object a : m.arguments()) {
      Expression arg = (Expression) a;
      // a floating argument may be the result (static double id(double d) { return d; }):
      // its operations are lowered as active ones (seed 2901, program 685)
      order.next(code -> ExpressionLowerer.isArray(arg) ? expressions.arrayAtom(arg, code)
          : ExpressionLowerer.isRecord(arg) ? lowerer.records.atom(arg, code)
          : expressions.operand(arg, code));
    }
    List<Expr> values = order.values();
    List<Type> types = stepTypes(method, path);
    int first = instance ? 1 : 0;
    Expr e = values.get(path.root() < 0 ? 0 : path.root() + first);
    for (int k = 0; k < path.steps().size(); k++) {
      PathGetters.Step step = path.steps().get(k);
      Type type = types.get(k + 1);
      if (step.field() != null) {
        e = new Expr.Field(e, step.field(), type);
        continue;
      }
      Expr index = step.param() >= 0 ? values.get(step.param() + first)
          : Expr.Lit.ofInt(step.literal());
      if (!(index instanceof Expr.Ref || index instanceof Expr.Lit)) {
        index = lowerer.spill(index, out); // evaluated once, where the call evaluates it
      }
      e = new Expr.Index(e, index, type);
    }
    // double m() { return k; } with an int k: the call's value is the converted one (seed
    // 2908, program 836: k * f computed in float)
    Type returns = JdtTypes.of(method.getReturnType());
    if (returns != null && returns.isPrimitive() && !returns.equals(e.type())) {
      e = new Expr.Cast(returns, e);
    }
    return e;
  }

  /** Methods of String and enums that compute a value from it and change nothing. */
  private static final java.util.Set<String> VALUE_METHODS = java.util.Set.of("equals",
      "equalsIgnoreCase", "length", "charAt", "isEmpty", "isBlank", "compareTo", "startsWith",
      "endsWith", "contains", "indexOf", "lastIndexOf", "hashCode", "toString", "ordinal",
      "name", "trim", "strip", "stripLeading", "stripTrailing", "toUpperCase", "toLowerCase",
      "substring", "concat", "replace", "repeat", "split");

  private static boolean isValueMethod(IMethodBinding method) {
    ITypeBinding owner = method.getDeclaringClass().getErasure();
    ITypeBinding result = method.getReturnType();
    return (JdtTypes.isPassiveObject(owner) || owner.getQualifiedName().equals("java.lang.Enum"))
        && VALUE_METHODS.contains(method.getName())
        && (result.isPrimitive() || JdtTypes.isPassiveObject(result)
            || Type.STRING.arrayOf().equals(JdtTypes.of(result))); // split: a new String[]
  }

  /** {@code Gradients.stopGradient(x)}: x's value, without its derivative. */
  private static boolean isStopGradient(String owner, IMethodBinding method) {
    return owner.equals("io.jgrad.Gradients") && method.getName().equals("stopGradient");
  }

  private static boolean isBoxedFloating(Type type) {
    return type.equals(Type.classType("java.lang.Double"))
        || type.equals(Type.classType("java.lang.Float"));
  }

  private static String signature(IMethodBinding method) {
    String owner = method.getDeclaringClass().getName();
    if (owner.isEmpty()) {
      owner = "an anonymous class's method ";
    }
    StringBuilder sb = new StringBuilder(owner)
        .append('.').append(method.getName()).append('(');
    ITypeBinding[] params = method.getParameterTypes();
    for (int k = 0; k < params.length; k++) {
      sb.append(k > 0 ? ", " : "").append(params[k].getName());
    }
    return sb.append(')').toString();
  }
}
