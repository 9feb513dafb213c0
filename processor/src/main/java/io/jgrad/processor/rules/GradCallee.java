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
 * @param noGrad per parameter: true where it is {@code @NoGrad} (no tangent, no adjoint)
 * @param storedArgs for a constructor, per field of the new object: the argument it stores
 *     unchanged ({@code this.x = x}), whose adjoint the object's adjoint shares, or -1; else
 *     null
 */
public record GradCallee(String owner, String packageName, String ruleBase, String name,
    List<Type> parameterTypes, List<Boolean> noGrad, Type returnType, Primal primal,
    List<Integer> storedArgs) {

  /**
   * The method itself: its name, and whether it is an instance method (its receiver is then the
   * rules' first argument) or a constructor (called with {@code new}, and returning the object);
   * {@code owner}, the class declaring it where it is not the callee's (a custom rule's target),
   * else null.
   */
  public record Primal(String name, boolean instance, boolean constructor, String owner) {
    public Primal(String name, boolean instance, boolean constructor) {
      this(name, instance, constructor, null);
    }
  }

  public String forwardClass() {
    return qualify(RuleNames.forwardClass(ruleBase));
  }

  public String reverseClass() {
    return qualify(RuleNames.reverseClass(ruleBase));
  }

  /** True if parameter {@code k} has a tangent and an adjoint in the callee's rules. */
  public boolean differentiable(int k) {
    return parameterTypes.get(k).isDifferentiable() && !noGrad.get(k);
  }

  /** True if parameter {@code k} is a double or float the rules differentiate. */
  public boolean differentiableScalar(int k) {
    return parameterTypes.get(k).isFloating() && !noGrad.get(k);
  }

  /** Number of differentiable double/float parameters: the callee's scalarBars length. */
  public int scalarCount() {
    return (int) java.util.stream.IntStream.range(0, parameterTypes.size())
        .filter(this::differentiableScalar).count();
  }

  private String qualify(String simple) {
    return packageName.isEmpty() ? simple : packageName + "." + simple;
  }
}
