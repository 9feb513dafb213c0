package io.jgrad.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * Calls of the {@code java.lang.Math}/{@code StrictMath} functions the README lists, with their
 * result types (the overloads of abs, max, min, signum, copySign, round, fma) and the kinks the
 * traced twin records ({@link Trace}). Arguments are kept in the function's domain most of the
 * time; outside it the value is NaN and the checker skips the point.
 */
final class MathFunctions {
  private MathFunctions() {}

  /** A function: name, arity, and how its arguments are usually brought into its domain. */
  private record Fn(String name, int arity, double weight) {}

  private static final List<Fn> FUNCTIONS = List.of(
      new Fn("sin", 1, 2), new Fn("cos", 1, 2), new Fn("tan", 1, 0.5), new Fn("asin", 1, 0.5),
      new Fn("acos", 1, 0.5), new Fn("atan", 1, 1), new Fn("atan2", 2, 0.7),
      new Fn("sinh", 1, 0.5), new Fn("cosh", 1, 0.5), new Fn("tanh", 1, 1),
      new Fn("exp", 1, 2), new Fn("expm1", 1, 0.5), new Fn("log", 1, 1.5),
      new Fn("log10", 1, 0.5), new Fn("log1p", 1, 0.5), new Fn("sqrt", 1, 1.5),
      new Fn("cbrt", 1, 0.5), new Fn("pow", 2, 1.5), new Fn("hypot", 2, 0.7),
      new Fn("abs", 1, 1.5), new Fn("max", 2, 1.5), new Fn("min", 2, 1.5), new Fn("fma", 3, 0.5),
      new Fn("copySign", 2, 0.5), new Fn("signum", 1, 0.5), new Fn("toRadians", 1, 0.3),
      new Fn("toDegrees", 1, 0.3), new Fn("floor", 1, 0.7), new Fn("ceil", 1, 0.5),
      new Fn("rint", 1, 0.5), new Fn("round", 1, 0.5));

  /** A random function call with arguments of depth {@code depth - 1}. */
  static Expr call(MethodGen g, int depth) {
    List<Fn> allowed = new ArrayList<>();
    double total = 0;
    for (Fn f : FUNCTIONS) {
      if (g.config.allows(f.name())) {
        allowed.add(f);
        total += f.weight();
      }
    }
    if (allowed.isEmpty()) {
      return null;
    }
    double u = g.random.nextDouble() * total;
    Fn fn = allowed.get(allowed.size() - 1);
    for (Fn f : allowed) {
      if (u < f.weight()) {
        fn = f;
        break;
      }
      u -= f.weight();
    }
    List<Expr> args = new ArrayList<>();
    for (int i = 0; i < fn.arity(); i++) {
      args.add(ExprGen.dbl(g, depth - 1));
    }
    domain(g, fn.name(), args);
    return make(g, fn.name(), args);
  }

  /** Usually moves arguments into the function's domain. */
  private static void domain(MethodGen g, String fn, List<Expr> args) {
    if (g.chance(0.25)) {
      return; // raw: may be NaN, then the point is skipped
    }
    Expr a = args.get(0);
    switch (fn) {
      case "sqrt", "log", "log10", "pow" -> args.set(0, positive(g, a));
      case "log1p" -> args.set(0, new Expr.Binary("*", a, a, JType.promote(a.type(), a.type())));
      case "asin", "acos" -> args.set(0, make(g, g.oneOf("sin", "tanh", "cos"), List.of(a)));
      case "exp", "sinh", "cosh", "expm1" -> {
        if (g.chance(0.5)) {
          args.set(0, make(g, "sin", List.of(a)));
        }
      }
      default -> {
      }
    }
    if (fn.equals("pow") && g.chance(0.6)) {
      args.set(1, new Expr.Lit(JType.DOUBLE, g.oneOf("2.0", "3.0", "0.5", "-1.0", "1.5")));
    }
  }

  /** {@code a * a + c} or {@code |a| + c}: positive. */
  private static Expr positive(MethodGen g, Expr a) {
    Expr c = new Expr.Lit(JType.DOUBLE, g.oneOf("0.25", "0.5", "1.0"));
    Expr base = g.chance(0.6)
        ? new Expr.Binary("*", a, a, JType.promote(a.type(), a.type()))
        : make(g, "abs", List.of(a));
    return new Expr.Binary("+", base, c, JType.promote(base.type(), JType.DOUBLE));
  }

  /** {@code Math.name(args)} (sometimes {@code StrictMath}) with its overload's result type. */
  static Expr make(MethodGen g, String name, List<Expr> args) {
    String owner = g.chance(0.12) ? "StrictMath" : "Math";
    JType type = resultType(name, args);
    if (type == JType.FLOAT || args.stream().anyMatch(a -> a.type() == JType.FLOAT)) {
      g.usesFloat = true;
    }
    int kink;
    int kinkArity;
    switch (name) {
      case "abs" -> {
        kink = Trace.ABS;
        kinkArity = 1;
      }
      case "max" -> {
        kink = Trace.MAX;
        kinkArity = 2;
      }
      case "min" -> {
        kink = Trace.MIN;
        kinkArity = 2;
      }
      case "floor", "ceil", "rint", "round", "signum" -> {
        kink = Trace.STEP;
        kinkArity = 1;
      }
      case "copySign" -> {
        kink = Trace.COPY_SIGN;
        kinkArity = 2;
      }
      case "sqrt", "cbrt", "log", "log10" -> {
        kink = Trace.AT_ZERO;
        kinkArity = 1;
      }
      case "log1p" -> {
        kink = Trace.LOG1P;
        kinkArity = 1;
      }
      case "pow" -> {
        kink = Trace.POW;
        kinkArity = 2;
      }
      case "hypot" -> {
        kink = Trace.HYPOT;
        kinkArity = 2;
      }
      case "asin", "acos" -> {
        kink = Trace.UNIT;
        kinkArity = 1;
      }
      case "atan2" -> {
        kink = Trace.ATAN2;
        kinkArity = 2;
      }
      default -> {
        kink = 0;
        kinkArity = 0;
      }
    }
    return new Expr.MathCall(owner, name, List.copyOf(args), type, kink, kinkArity);
  }

  /** The result type of the overload Java picks for these argument types. */
  static JType resultType(String name, List<Expr> args) {
    JType first = args.get(0).type();
    switch (name) {
      case "abs":
        return first;
      case "max", "min":
        return JType.promote(first, args.get(1).type());
      case "signum":
        return first == JType.DOUBLE ? JType.DOUBLE : JType.FLOAT;
      case "copySign", "fma":
        return args.stream().anyMatch(a -> a.type() == JType.DOUBLE) ? JType.DOUBLE
            : JType.FLOAT;
      case "round":
        return first == JType.DOUBLE ? JType.LONG : JType.INT;
      default:
        return JType.DOUBLE;
    }
  }
}
