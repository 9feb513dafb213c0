package io.jgrad.processor.rules;

import static io.jgrad.processor.ir.Ops.ONE;
import static io.jgrad.processor.ir.Ops.ZERO;
import static io.jgrad.processor.ir.Ops.add;
import static io.jgrad.processor.ir.Ops.compare;
import static io.jgrad.processor.ir.Ops.cond;
import static io.jgrad.processor.ir.Ops.div;
import static io.jgrad.processor.ir.Ops.lit;
import static io.jgrad.processor.ir.Ops.mul;
import static io.jgrad.processor.ir.Ops.neg;
import static io.jgrad.processor.ir.Ops.sub;

import io.jgrad.processor.ir.Expr;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Derivative rules for {@code java.lang.Math} and {@code java.lang.StrictMath}. A rule gives, for
 * each argument, the partial derivative as an expression over the arguments and the result.
 * Derivative expressions call the same class as the primal ({@code StrictMath} stays strict).
 *
 * <p>Conventions at points where the function is not differentiable (documented in the README):
 * {@code abs'(0) = 0} (the sign), {@code max}/{@code min} ties send the derivative to the first
 * argument, {@code sqrt'(0) = +Infinity}, {@code hypot} at (0, 0) has derivative 0,
 * {@code d pow(a, b)/db = 0} where {@code a <= 0}, {@code d pow(a, b)/da = 0} where
 * {@code b == 0}, and the piecewise-constant functions (floor, ceil,
 * rint, round, signum) have derivative 0 everywhere.
 */
public final class MathRules {
  public static final Set<String> OWNERS = Set.of("java.lang.Math", "java.lang.StrictMath");

  /** Partial derivatives of one function. */
  @FunctionalInterface
  public interface Partials {
    /** One entry per argument; {@code null} where the partial is identically zero. */
    List<Expr> of(String owner, List<Expr> args, Expr result);
  }

  private static final double LN10 = 2.302585092994046;
  private static final Map<String, Partials> RULES = new HashMap<>();

  static {
    unary("sin", (o, u, v) -> fn(o, "cos", u));
    unary("cos", (o, u, v) -> neg(fn(o, "sin", u)));
    unary("tan", (o, u, v) -> add(ONE, mul(v, v)));
    unary("asin", (o, u, v) -> div(ONE, fn(o, "sqrt", sub(ONE, mul(u, u)))));
    unary("acos", (o, u, v) -> neg(div(ONE, fn(o, "sqrt", sub(ONE, mul(u, u))))));
    unary("atan", (o, u, v) -> div(ONE, add(ONE, mul(u, u))));
    unary("sinh", (o, u, v) -> fn(o, "cosh", u));
    unary("cosh", (o, u, v) -> fn(o, "sinh", u));
    unary("tanh", (o, u, v) -> sub(ONE, mul(v, v)));
    unary("exp", (o, u, v) -> v);
    unary("expm1", (o, u, v) -> add(v, ONE));
    unary("log", (o, u, v) -> div(ONE, u));
    unary("log10", (o, u, v) -> div(ONE, mul(u, lit(LN10))));
    unary("log1p", (o, u, v) -> div(ONE, add(ONE, u)));
    unary("sqrt", (o, u, v) -> div(lit(0.5), v));
    unary("cbrt", (o, u, v) -> div(ONE, mul(lit(3.0), mul(v, v))));
    unary("abs", (o, u, v) -> fn(o, "signum", u));
    unary("toRadians", (o, u, v) -> lit(0.017453292519943295));
    unary("toDegrees", (o, u, v) -> lit(57.29577951308232));
    for (String constant : List.of("signum", "floor", "ceil", "rint")) {
      RULES.put(constant, (o, args, v) -> java.util.Collections.singletonList(null));
    }
    RULES.put("atan2", (o, a, v) -> {
      Expr y = a.get(0);
      Expr x = a.get(1);
      Expr r2 = add(mul(x, x), mul(y, y));
      return List.of(div(x, r2), neg(div(y, r2)));
    });
    RULES.put("hypot", (o, a, v) -> {
      Expr nonZero = compare("!=", v, ZERO);
      return List.of(cond(nonZero, div(a.get(0), v), ZERO), cond(nonZero, div(a.get(1), v), ZERO));
    });
    RULES.put("pow", (o, a, v) -> {
      Expr base = a.get(0);
      Expr exponent = a.get(1);
      return java.util.Arrays.asList(powBase(o, base, exponent),
          cond(compare(">", base, ZERO), mul(v, fn(o, "log", base)), ZERO));
    });
    RULES.put("max", (o, a, v) -> {
      Expr first = compare(">=", a.get(0), a.get(1));
      return List.of(cond(first, ONE, ZERO), cond(first, ZERO, ONE));
    });
    RULES.put("min", (o, a, v) -> {
      Expr first = compare("<=", a.get(0), a.get(1));
      return List.of(cond(first, ONE, ZERO), cond(first, ZERO, ONE));
    });
    RULES.put("fma", (o, a, v) -> List.of(a.get(1), a.get(0), ONE));
    RULES.put("copySign", (o, a, v) -> {
      Expr sameSign = mul(fn(o, "copySign", ONE, a.get(0)), fn(o, "copySign", ONE, a.get(1)));
      return java.util.Arrays.asList(sameSign, null);
    });
  }

  private MathRules() {}

  /** The partials of {@code owner.name}, or null if jgrad has no rule for it. */
  public static Partials lookup(String owner, String name) {
    return OWNERS.contains(owner) ? RULES.get(name) : null;
  }

  /** Every function with a rule, for documentation and tests. */
  public static Set<String> functions() {
    return RULES.keySet();
  }

  private interface UnaryPartial {
    Expr of(String owner, Expr u, Expr v);
  }

  private static void unary(String name, UnaryPartial partial) {
    RULES.put(name, (o, args, v) -> List.of(partial.of(o, args.get(0), v)));
  }

  /**
   * d pow(a, b) / da = b * pow(a, b - 1), taken as 0 where b == 0 (also at a == 0, where the
   * formula gives 0 * Infinity); a literal exponent is folded.
   */
  private static Expr powBase(String owner, Expr base, Expr exponent) {
    if (exponent instanceof Expr.Lit lit) {
      double b;
      try {
        b = Double.parseDouble(lit.text().replace("_", "").replaceAll("[dDfFlL]$", ""));
      } catch (NumberFormatException e) {
        b = Double.NaN;
      }
      if (b == 0) {
        return ZERO;
      }
      if (b == 1) {
        return ONE;
      }
      if (b == 2) {
        return mul(lit(2.0), base);
      }
      if (!Double.isNaN(b)) {
        return mul(lit(b), fn(owner, "pow", base, lit(b - 1)));
      }
    }
    return cond(compare("==", exponent, ZERO), ZERO,
        mul(exponent, fn(owner, "pow", base, sub(exponent, ONE))));
  }

  private static Expr fn(String owner, String name, Expr... args) {
    return io.jgrad.processor.ir.Ops.call(owner, name, args);
  }
}
