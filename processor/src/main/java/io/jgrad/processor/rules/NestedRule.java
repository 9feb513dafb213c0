package io.jgrad.processor.rules;

import io.jgrad.processor.ir.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * A derivative a {@code @Grad} method reads from another {@code @Grad} method's rules, as a
 * function jgrad differentiates in its turn: the directional derivative {@code
 * G_Frule.g(x, xDir).tangent()} ({@link Kind#TANGENT}, a function of the arguments and their
 * directions) or a component {@code G_Rrule.g(x).xBar()} of the gradient ({@link Kind#ADJOINT}).
 * The caller's rules call it as they call a callee ({@code synthetic}, whose rules live in the
 * caller's rule classes); those rules are made of {@code g}'s second-order rules (its Hessian
 * times a vector), so the two levels never share a tangent and cannot confuse them.
 *
 * @param target the {@code @Grad} method whose rules are called
 * @param names its parameter names
 * @param param for {@link Kind#ADJOINT}, the parameter whose adjoint is read; else -1
 * @param synthetic the function as a callee of the caller's rules
 */
public record NestedRule(Kind kind, GradCallee target, List<String> names, int param,
    GradCallee synthetic) {
  public enum Kind { TANGENT, ADJOINT }

  /**
   * The callee for {@code kind} of {@code target}, its rules in the rule classes of {@code
   * caller} (a qualified class name, with its package and rule base).
   */
  public static NestedRule of(Kind kind, GradCallee target, List<String> names, int param,
      String caller, String callerPackage, String callerRuleBase) {
    List<Type> types = new ArrayList<>();
    List<Boolean> noGrad = new ArrayList<>();
    for (int k = 0; k < target.parameterTypes().size(); k++) {
      types.add(target.parameterTypes().get(k));
      noGrad.add(target.noGrad().get(k));
      if (kind == Kind.TANGENT && target.differentiable(k)) {
        types.add(target.parameterTypes().get(k).tangentType()); // the direction
        noGrad.add(false);
      }
    }
    String name = target.ruleBase() + "_" + target.name() + "$"
        + (kind == Kind.TANGENT ? "tangent" : RuleNames.adjoint(names.get(param)));
    Type returns = kind == Kind.TANGENT ? Type.DOUBLE
        : target.parameterTypes().get(param).tangentType();
    GradCallee synthetic = new GradCallee(caller, callerPackage, callerRuleBase, name, types,
        noGrad, returns, null, null);
    return new NestedRule(kind, target, List.copyOf(names), param, synthetic);
  }

  /** The key of the synthetic callee in a {@code CalleeTable}. */
  public String key() {
    return synthetic.owner() + "#" + synthetic.name();
  }
}
