package io.jgrad.processor.rules;

import io.jgrad.processor.ir.Type;
import java.util.List;

/**
 * A call target that has generated rules: another {@code @Grad} method of this build.
 *
 * @param owner qualified name of the class declaring the method (nested classes with dots)
 * @param packageName the owner's package
 * @param ruleBase simple name the rule classes start with ({@code Outer_Inner} for {@code
 *     Outer.Inner})
 */
public record GradCallee(String owner, String packageName, String ruleBase, String name,
    List<Type> parameterTypes, Type returnType) {

  public String forwardClass() {
    return qualify(RuleNames.forwardClass(ruleBase));
  }

  public String reverseClass() {
    return qualify(RuleNames.reverseClass(ruleBase));
  }

  /** Number of double/float parameters: the length of the callee's scalarBars buffer. */
  public int scalarCount() {
    return (int) parameterTypes.stream().filter(Type::isFloating).count();
  }

  private String qualify(String simple) {
    return packageName.isEmpty() ? simple : packageName + "." + simple;
  }
}
