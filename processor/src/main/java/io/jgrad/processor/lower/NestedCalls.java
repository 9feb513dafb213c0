package io.jgrad.processor.lower;

import io.jgrad.processor.diag.Message;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.parse.RuleStubs;
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.rules.NestedRule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.IMethodBinding;
import org.eclipse.jdt.core.dom.ITypeBinding;
import org.eclipse.jdt.core.dom.IVariableBinding;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.Modifier;
import org.eclipse.jdt.core.dom.ParenthesizedExpression;

/**
 * Lowers reads of another {@code @Grad} method's rules (rules of rules): {@code
 * G_Frule.g(x, xDir).tangent()} and {@code G_Rrule.g(x).xBar()} become calls of a {@link
 * NestedRule}, which the transforms differentiate like any callee; {@code .value()} of either is
 * {@code g(x)} itself (bit for bit the same), the directions evaluated for their effects only.
 */
final class NestedCalls {
  private final MethodLowerer lowerer;
  private final ExpressionLowerer expressions;

  NestedCalls(MethodLowerer lowerer, ExpressionLowerer expressions) {
    this.lowerer = lowerer;
    this.expressions = expressions;
  }

  /** True for a generated rule class ({@code Foo_Frule}, {@code Foo_Rrule}). */
  static boolean isRuleClass(ITypeBinding type) {
    String name = type.getErasure().getName();
    return type.getDeclaringClass() == null
        && (name.endsWith("_Frule") || name.endsWith("_Rrule"));
  }

  /** The rule call {@code m} is a method of, or null if {@code m} is no such call. */
  static MethodInvocation ruleCall(MethodInvocation m) {
    Expression receiver = m.getExpression();
    while (receiver instanceof ParenthesizedExpression p) {
      receiver = p.getExpression();
    }
    if (receiver instanceof MethodInvocation call) {
      IMethodBinding rule = call.resolveMethodBinding();
      if (rule != null && isRuleClass(rule.getDeclaringClass())) {
        return call;
      }
    }
    return null;
  }

  /** {@code accessor} read from the rule call {@code call}, of type {@code type}. */
  Expr accessor(MethodInvocation accessor, MethodInvocation call, Type type, Block out) {
    IMethodBinding rule = call.resolveMethodBinding();
    boolean forward = rule.getDeclaringClass().getErasure().getName().endsWith("_Frule");
    String described = rule.getDeclaringClass().getName() + "." + rule.getName() + "(...)."
        + accessor.getName() + "()";
    IMethodBinding target = target(rule, forward);
    if (target == null) {
      lowerer.report(call, Message.RULE_CALL_TARGET.format(described, rule.getName(),
          "it is not a static @Grad method of this build with a double or float result and"
              + " number, double[] or double[][] parameters (or data)"));
      return Expr.Lit.of(0);
    }
    GradCallee callee = lowerer.callees.resolve(target);
    if (callee == null) {
      lowerer.report(call, Message.RULE_CALL_TARGET.format(described, rule.getName(),
          lowerer.callees.whyNot(target)));
      return Expr.Lit.of(0);
    }
    // every argument, in order: a direction's effects happen as in the primal
    List<Expr> args = expressions.calleeArguments(call.arguments(), out);
    String name = accessor.arguments().isEmpty() ? accessor.getName().getIdentifier() : "";
    List<String> names = Arrays.asList(target.getParameterNames());
    if (name.equals("value")) {
      Expr value = lowerer.spill(new Expr.Call(callee.owner(), callee.name(),
          forward ? primalArguments(callee, args) : args, callee.returnType()), out);
      return value.type().equals(type) ? value : new Expr.Cast(type, value);
    }
    int param = names.indexOf(name.endsWith("Bar") ? name.substring(0, name.length() - 3) : "");
    NestedRule nested;
    if (forward && name.equals("tangent")) {
      nested = lowerer.callees.nested(NestedRule.Kind.TANGENT, callee, names, -1);
    } else if (!forward && param >= 0 && callee.differentiable(param)) {
      nested = lowerer.callees.nested(NestedRule.Kind.ADJOINT, callee, names, param);
    } else {
      lowerer.report(accessor, Message.RULE_CALL_FORM.format(described));
      return Expr.Lit.of(0);
    }
    if (nested == null) {
      lowerer.report(call, Message.RULE_CALL_TARGET.format(described, rule.getName(),
          "its rules cannot be called from here"));
      return Expr.Lit.of(0);
    }
    return lowerer.spill(new Expr.Call(nested.synthetic().owner(), nested.synthetic().name(),
        args, nested.synthetic().returnType()), out);
  }

  /** The arguments of {@code g} itself among those of {@code G_Frule.g}: no directions. */
  private static List<Expr> primalArguments(GradCallee callee, List<Expr> interleaved) {
    List<Expr> out = new ArrayList<>();
    int at = 0;
    for (int k = 0; k < callee.parameterTypes().size(); k++) {
      out.add(interleaved.get(at++));
      if (callee.differentiable(k)) {
        at++;
      }
    }
    return out;
  }

  /**
   * The {@code @Grad} method whose rule {@code rule} is, found through the stub's {@link
   * RuleStubs#TARGET} field; null for rules compiled in another build.
   */
  private static IMethodBinding target(IMethodBinding rule, boolean forward) {
    ITypeBinding owner = null;
    for (IVariableBinding field : rule.getDeclaringClass().getDeclaredFields()) {
      if (field.getName().equals(RuleStubs.TARGET)) {
        owner = field.getType();
      }
    }
    if (owner == null) {
      return null;
    }
    List<String> ruleParams = Arrays.stream(rule.getParameterTypes())
        .map(t -> t.getErasure().getQualifiedName()).toList();
    for (IMethodBinding candidate : owner.getDeclaredMethods()) {
      if (candidate.getName().equals(rule.getName())
          && Modifier.isStatic(candidate.getModifiers())
          && ruleParameters(candidate, forward).equals(ruleParams)) {
        return candidate;
      }
    }
    return null;
  }

  /** The parameter types of {@code method}'s convenience rule, as the stub declares them. */
  private static List<String> ruleParameters(IMethodBinding method, boolean forward) {
    List<String> out = new ArrayList<>();
    ITypeBinding[] params = method.getParameterTypes();
    for (int k = 0; k < params.length; k++) {
      String type = params[k].getErasure().getQualifiedName();
      out.add(type);
      boolean differentiable = List.of("double", "float", "double[]", "double[][]")
          .contains(type) && !ConstantParams.isNoGrad(method.getParameterAnnotations(k));
      if (forward && differentiable) {
        out.add(type.equals("float") ? "double" : type);
      }
    }
    return out;
  }
}
