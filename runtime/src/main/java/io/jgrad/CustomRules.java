package io.jgrad;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class that holds hand-written derivatives of the static methods of another class (a
 * library's, such as {@code org.hipparchus.special.Erf}, or one of your own): wherever code that
 * jgrad differentiates calls one of those methods, the generated rules call these instead of
 * differentiating (or refusing) the method.
 *
 * <p>For a target method {@code static double erf(double x)} the holder declares two static,
 * non-private methods with the signatures jgrad would generate for a {@code @Grad} method {@code
 * erf} (the README's "The generated API"):
 *
 * <pre>{@code
 * @CustomRules(Erf.class)
 * public final class ErfRules {
 *   // forward rule: the value (bit for bit the target's) and the directional derivative
 *   public static Dual erf(double x, double xDot) {
 *     return new Dual(Erf.erf(x), 2 / Math.sqrt(Math.PI) * Math.exp(-x * x) * xDot);
 *   }
 *
 *   // reverse rule: returns the value and adds seed * d erf / dx into scalarBars[0]
 *   public static double erfAdjoint(double x, double seed, double[] scalarBars) {
 *     scalarBars[0] += seed * 2 / Math.sqrt(Math.PI) * Math.exp(-x * x);
 *     return Erf.erf(x);
 *   }
 * }
 * }</pre>
 *
 * <p>Each differentiable parameter of the forward rule is followed by its tangent; the reverse
 * rule takes each array (or record) parameter followed by its adjoint buffer, then {@code seed}
 * (or {@code resultBar} for a {@code double[]} or record result, nothing for a {@code void}
 * target), then {@code double[] scalarBars} if the target has {@code double} or {@code float}
 * parameters; a record's tangent and adjoint are its generated {@code R_Tangent}. The rules
 * follow every convention of generated rules: values bit for bit the target's, arrays left as
 * the target leaves them, tangents of written arrays updated in place, adjoint buffers holding on
 * entry the cotangent of the final contents and on return that of the entry contents. A wrong
 * signature is a compile error at the rule that names the expected one; a target method with a
 * forward rule but no reverse rule (or the other way round) is one too. {@code
 * GradCheck.ofRules(ErfRules.class, "erf")} (in {@code jgrad-test-fixtures}) checks them
 * against the target.
 *
 * <p>Second derivatives (the {@code Hvp} and {@code Hessian} rules of a method calling the
 * target) come from jgrad's forward mode applied to the reverse rule's own code, which must
 * then be differentiable; a method calling a target whose reverse rule is not gets no
 * second-order rules.
 *
 * <p>Rules in this build are found by this annotation; rules compiled earlier (a jar on the
 * class path, such as {@code jgrad-hipparchus}) are found through the index jgrad writes next
 * to their classes ({@code io/jgrad/rules/}). A custom rule wins over jgrad's own
 * differentiation of a method whose source it has, {@code @Grad} or not.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface CustomRules {
  /** The class whose static methods these rules are for. */
  Class<?> value();

  /**
   * Names of methods of that class (every overload) whose results carry no derivative: a random
   * draw, a grid index, a value that is data. The rules call them as they are. Such a method
   * must not write the arrays it is passed.
   */
  String[] zeroDerivative() default {};

  /**
   * Names of target methods (every overload) that write none of the arrays they are passed. For
   * the others the generated code keeps the entry contents of every array argument (a copy per
   * call) to put them back on the reverse sweep, as it must for a method that writes them; a
   * method listed here that does write an array gives wrong derivatives, which {@code
   * GradCheck.ofRules} reports.
   */
  String[] readOnly() default {};
}
