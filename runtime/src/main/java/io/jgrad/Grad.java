package io.jgrad;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a static method whose derivative jgrad generates at build time.
 *
 * <p>For a method {@code Foo.f} the jgrad annotation processor writes two classes next to
 * {@code Foo}:
 *
 * <ul>
 *   <li>{@code Foo_Frule} (forward mode): {@code f(x, xDot, ...)} returns the value and the
 *       directional derivative along the tangents as a {@link Dual}.
 *   <li>{@code Foo_Rrule} (reverse mode): {@code f(x, ...)} returns the value and a fresh gradient
 *       for every differentiable parameter; {@code fAdjoint(x, xBar, ..., seed, scalarBars)} adds
 *       {@code seed * gradient} into caller-owned buffers without allocating.
 * </ul>
 *
 * <p>The method must be {@code static}, return {@code double} or {@code float}, and have at least
 * one {@code double}, {@code float} or {@code double[]} parameter. Anything in its body that jgrad
 * cannot differentiate is a compile error at that expression.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Grad {}
