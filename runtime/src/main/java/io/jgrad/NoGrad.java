package io.jgrad;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a parameter of a method jgrad differentiates as data: a constant, not a variable.
 *
 * <p>For {@code @Grad static double loss(double[][] w, @NoGrad double[][] x, @NoGrad double[] y)}
 * the rules differentiate with respect to {@code w} only: the forward rule takes no tangent for
 * {@code x} and {@code y}, the reverse rules take no adjoint buffer for them and the gradient
 * record has no {@code xBar} or {@code yBar}; nothing that depends only on them is
 * differentiated, so the rules do less work.
 *
 * <p>The method may read a {@code @NoGrad} array or object but must not write into it (a compile
 * error says so); it may assign a {@code @NoGrad} scalar parameter. A call from another
 * differentiated method treats the argument as a constant: passing a value that carries a
 * derivative (one computed from the caller's own differentiable parameters) to a {@code @NoGrad}
 * parameter is a compile error, since its derivative would be dropped. On a parameter without a
 * derivative ({@code int}, {@code int[]}) it changes nothing.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface NoGrad {}
