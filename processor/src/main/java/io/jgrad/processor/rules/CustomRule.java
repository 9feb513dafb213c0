package io.jgrad.processor.rules;

import io.jgrad.processor.ir.Type;
import java.util.List;

/**
 * Hand-written rules for a static method (the <em>target</em>) that a {@code @CustomRules}
 * class (the <em>holder</em>) supplies: a forward rule named like the target and a reverse rule
 * named {@code <method>Adjoint}, with the signatures jgrad generates for a {@code @Grad} method.
 * Generated code calls them through adapters written into the holder's rule classes ({@code
 * ErfRules_Frule.Erf_erf}, {@code ErfRules_Rrule.Erf_erfForward}, ...), which follow the
 * conventions of any callee's rules; the holder's rule classes are compiled with the holder, so
 * a build that only finds the holder on its class path calls the same adapters.
 *
 * @param holder qualified name of the holder (nested classes with dots)
 * @param holderPackage its package, where its rule classes are
 * @param holderRuleBase the simple name its rule classes start with
 * @param target qualified name of the class declaring the target
 * @param method the target's name
 * @param erasedParameters the target's parameter types, erased, as javax.lang.model spells them
 * @param name the name of the adapters: {@code <Target>_<method>}, followed by the parameter
 *     types where the holder has rules for several overloads of the method
 * @param parameterTypes the target's parameter types
 * @param parameterNames the names the holder's forward rule gives the target's parameters
 * @param noGrad per parameter, true where it is {@code @NoGrad} (a target of this build's)
 * @param returnType the target's result
 * @param readOnly true if the holder declares that the target writes none of its arrays;
 *     otherwise the adapters keep the arrays' entry contents to put them back
 * @param reverseRule the name of the holder's reverse rule ({@code erfAdjoint})
 * @param thrown the checked exceptions the target and its rules declare (qualified names)
 */
public record CustomRule(String holder, String holderPackage, String holderRuleBase,
    String target, String method, List<String> erasedParameters, String name,
    List<Type> parameterTypes, List<String> parameterNames, List<Boolean> noGrad,
    Type returnType, boolean readOnly, String reverseRule, List<String> thrown) {

  /** The key of the target method: its class, name and erased parameter types. */
  public static String targetKey(String target, String method, List<String> erasedParameters) {
    return target + "#" + method + "(" + String.join(",", erasedParameters) + ")";
  }

  public String targetKey() {
    return targetKey(target, method, erasedParameters);
  }

  /** The target as generated code calls it: its rules live in the holder's rule classes. */
  public GradCallee callee() {
    return new GradCallee(holder, holderPackage, holderRuleBase, name, parameterTypes, noGrad,
        returnType, new GradCallee.Primal(method, false, false, target), null);
  }

  /** The key of {@link #callee()} in a {@code CalleeTable}. */
  public String calleeKey() {
    return holder + "#" + name;
  }

  /** {@code Erf.erf(double)}: the target as messages and Javadoc name it. */
  public String describe() {
    List<String> simple = erasedParameters.stream()
        .map(p -> p.substring(p.lastIndexOf('.') + 1)).toList();
    return target.substring(target.lastIndexOf('.') + 1) + "." + method + "("
        + String.join(", ", simple) + ")";
  }

  /** True if some parameter is an array: the target may write it. */
  public boolean takesArrays() {
    return parameterTypes.stream().anyMatch(Type::isArray);
  }

  /** True if parameter {@code k} has a tangent and an adjoint in the rules. */
  public boolean differentiable(int k) {
    return parameterTypes.get(k).isDifferentiable() && !noGrad.get(k);
  }
}
