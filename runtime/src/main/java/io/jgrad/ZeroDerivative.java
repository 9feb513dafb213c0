package io.jgrad;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a static method whose result carries no derivative, whatever it is passed: a random
 * draw, a discretisation index, a double that is data. Code that jgrad differentiates calls it as
 * it is, and its result is a constant to the rules (its derivative is zero). The method must not
 * write the arrays or objects it is passed (a compile error says so). For a library's methods,
 * list them in {@link CustomRules#zeroDerivative} instead; to cut the derivative of one value,
 * use {@link Gradients#stopGradient}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ZeroDerivative {}
