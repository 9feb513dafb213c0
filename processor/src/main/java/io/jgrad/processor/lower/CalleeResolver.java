package io.jgrad.processor.lower;

import io.jgrad.processor.rules.GradCallee;
import org.eclipse.jdt.core.dom.IMethodBinding;

/**
 * Tells how a called method is differentiated: through generated rules (a {@code @Grad} method,
 * or a helper jgrad differentiates because it is called), or not at all because its result
 * carries no derivative and it changes nothing the rules depend on (a passive call).
 */
public interface CalleeResolver {
  /** The callee's rule description, or null if it has no generated rules. */
  GradCallee resolve(IMethodBinding method);

  /**
   * True if the rules may call {@code method} itself: a static method whose result has no
   * derivative (an int index, a boolean test, or a double computed from passive arguments only)
   * and that writes none of the arrays it is passed.
   */
  default boolean isPassive(IMethodBinding method) {
    return false;
  }

  /** The class the rules call a passive {@code method} on (a copy's class for a private one). */
  default String passiveOwner(IMethodBinding method) {
    return method.getDeclaringClass().getErasure().getQualifiedName();
  }

  /**
   * What the constructor of a class used as a value stores in its fields (read from its source),
   * or null if jgrad cannot read it.
   */
  default ConstructorFields.Result constructorFields(IMethodBinding constructor) {
    return null;
  }

  /**
   * The rules of a constructor that computes fields (differentiated like a helper returning the
   * new object), or null if jgrad cannot read its source.
   */
  default GradCallee constructor(IMethodBinding constructor) {
    return null;
  }

  /**
   * The field path a getter returns ({@link PathGetters}), read from its source, or null if
   * {@code method} is not one or jgrad cannot read it.
   */
  default PathGetters.Path getter(IMethodBinding method) {
    return null;
  }

  /**
   * The argument a helper returns ({@link ReturnedArguments}: its index among the rules'
   * parameters, the receiver first), read from its source, or -1.
   */
  default int returnedArgument(IMethodBinding method) {
    return -1;
  }

  /**
   * The callee that reads {@code kind} from {@code target}'s rules for the method being lowered
   * ({@link io.jgrad.processor.rules.NestedRule}), or null if rules of rules cannot be made here.
   */
  default io.jgrad.processor.rules.NestedRule nested(
      io.jgrad.processor.rules.NestedRule.Kind kind, GradCallee target, java.util.List<String> names,
      int param) {
    return null;
  }

  /**
   * True if calls of the static {@code method} have a zero derivative ({@code @ZeroDerivative},
   * or listed by custom rules): the rules call it as it is, whatever it is passed.
   */
  default boolean isZeroDerivative(IMethodBinding method) {
    return false;
  }

  /** Why {@code method} is neither differentiated nor passive, for the error at the call. */
  default String whyNot(IMethodBinding method) {
    return "its source is not in this build";
  }
}
