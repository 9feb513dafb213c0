package io.jgrad;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a static method whose derivatives jgrad generates at build time.
 *
 * <p>For the {@code @Grad} methods of a class {@code Foo} the jgrad annotation processor writes two
 * classes in the same package, {@code Foo_Frule} and {@code Foo_Rrule} ({@code Outer_Inner_Frule}
 * and {@code Outer_Inner_Rrule} for a nested class {@code Outer.Inner}). For a method
 * {@code double f(double a, double[] x, int n)} they hold:
 *
 * <ul>
 *   <li>{@code Foo_Frule.f(a, aDot, x, xDot, n)} (forward mode): each differentiable parameter is
 *       followed by its tangent; returns the value and the directional derivative as a {@link Dual}.
 *   <li>{@code Foo_Rrule.f(a, x, n)}: exactly the method's parameters; returns a nested record
 *       {@code FGradient(value, aBar, xBar)} with the value and a freshly allocated gradient, one
 *       {@code <param>Bar} per differentiable parameter.
 *   <li>{@code Foo_Rrule.fAdjoint(a, x, xBar, n, seed, scalarBars)}: each array parameter is
 *       followed by its caller-owned adjoint buffer, then the {@code seed} and, only if the method
 *       has scalar differentiable parameters, {@code scalarBars}; adds {@code seed * gradient} into
 *       the buffers without allocating and returns the value.
 *   <li>{@code Foo_Rrule.fForward(tapes, ...)} and {@code fReverse(tapes, ...)}, for a method that
 *       writes none of its array arguments: the two sweeps of {@code fAdjoint} as separate calls,
 *       chained through the thread's tapes ({@code Tapes.current()}, passed first); generated
 *       code composes {@code @Grad} calls with them.
 * </ul>
 *
 * <p>A method returning {@code double[]} gets a {@link DualArray} from the forward rule,
 * {@code fAdjoint(..., resultBar)} (the output's cotangent instead of {@code seed}; adds
 * {@code J^T resultBar}), {@code f(..., resultBar)} (the value and fresh adjoints) and
 * {@code fJacobian(...)} (the full Jacobian, one row per output). A {@code void} method that writes
 * output arrays is differentiated with respect to what it writes: its forward rule returns nothing
 * and leaves the output tangents in the {@code ...Dot} arrays, and {@code fAdjoint} takes the
 * output cotangents in the {@code ...Bar} arrays and has no {@code seed}. Every rule returns the
 * primal's value bit for bit and leaves the argument arrays as the primal leaves them.
 *
 * <p>The method must be {@code static} and not {@code private}, return {@code double},
 * {@code float} or {@code double[]} (or be {@code void} and write output arrays), and have at least
 * one differentiable parameter: {@code double}, {@code float}, {@code double[]} or
 * {@code double[][]} (whose tangents and adjoints have the same shape). {@code int}, {@code long}
 * and {@code boolean} parameters carry no derivative and appear once in every rule, as do
 * parameters marked {@link NoGrad} (data: no tangent, no adjoint, no gradient accessor).
 * {@code @Grad} method names must not be overloaded within a class. The rule classes are {@code public}; each
 * generated method and record has the visibility of its {@code @Grad} method (package-private
 * stays package-private; {@code protected} becomes {@code public}). Anything in the body that jgrad
 * cannot differentiate is a compile error at that expression.
 *
 * <p>The README ("The generated API", "Arrays, mutation and array results", "Supported language")
 * has the full rules.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Grad {}
