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
 * @param name the name of its rules (the method's, or mangled for an overload)
 * @param primal how code outside its class calls the method itself, or null if it cannot
 *     (private)
 * @param storedArgs for a constructor, per field of the new object: the argument it stores
 *     unchanged ({@code this.x = x}), whose adjoint the object's adjoint shares, or -1; else
 *     null
 */
public record GradCallee(String owner, String packageName, String ruleBase, String name,
    List<Type> parameterTypes, Type returnType, Primal primal, List<Integer> storedArgs) {

  /**
   * The method itself: its name, and whether it is an instance method (its receiver is then the
   * rules' first argument) or a constructor (called with {@code new}, and returning the object).
   */
  public record Primal(String name, boolean instance, boolean constructor) {}

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
