package io.jgrad.fuzz;

import java.util.List;

/**
 * Calls of methods with custom rules: the targets of {@code io.jgrad.corpus.SpecialRules}, a
 * {@code @CustomRules} class of the test sources that the programs find on their class path
 * through its index (the path of a rules jar). Numbers in, a number out ({@code logistic},
 * {@code smoothAbs} in two overloads, {@code power} with an int exponent, {@code opaqueSinh},
 * whose body jgrad cannot differentiate), an array read ({@code logSumExp}, declared read-only),
 * a zero-derivative method ({@code grid}, piecewise constant: its steps are traced), and a
 * statement writing an array ({@code scaleInPlace}, whose entry contents the rules keep).
 */
final class LibraryCalls {
  private LibraryCalls() {}

  static final String OWNER = "io.jgrad.corpus.Special";

  /** A call returning a double, or null. */
  static Expr value(MethodGen g, int depth) {
    int d = depth - 1;
    return switch (g.between(0, 7)) {
      case 0 -> {
        // logistic's reverse rule counts its calls in a static field: jgrad cannot
        // differentiate it, so a method calling it has no second-order rules to read (only the
        // program's own methods keep track of that: record and class methods call smoothAbs)
        if (g.program == null) {
          yield call("smoothAbs", ExprGen.dbl(g, d));
        }
        g.noSecondOrder = true;
        yield call("logistic", ExprGen.dbl(g, d));
      }
      case 1 -> call("smoothAbs", ExprGen.dbl(g, d));
      case 2 -> call("smoothAbs", ExprGen.dbl(g, d), ExprGen.dbl(g, d));
      case 3 -> call("power", ExprGen.dbl(g, d), ExprGen.dbl(g, d),
          new Expr.Lit(JType.INT, String.valueOf(g.between(0, 3))), ExprGen.dbl(g, d));
      case 4 -> call("opaqueSinh", g.chance(0.6)
          ? MathFunctions.make(g, "sin", List.of(ExprGen.dbl(g, d))) : ExprGen.dbl(g, d));
      // listed as zeroDerivative: piecewise constant, its steps traced like Math.floor's
      case 5 -> new Expr.MathCall(OWNER, "grid", List.of(ExprGen.dbl(g, d)), JType.DOUBLE,
          Trace.STEP, 1);
      default -> {
        ExprGen.ArrayExpr v = ExprGen.vector(g, d);
        yield v == null ? null : call("logSumExp", v.expr());
      }
    };
  }

  /** {@code Special.scaleInPlace(a, v)} on a writable vector (marked written), or null. */
  static List<Stmt> write(MethodGen g, int depth) {
    ExprGen.ArrayExpr v = ExprGen.pureVector(g, true);
    if (v == null) {
      return null;
    }
    Expr a = ExprGen.dbl(g, depth - 1);
    g.markWritten(v.root());
    return List.of(new Stmt.Eval(new Expr.LibCall(OWNER + ".scaleInPlace", List.of(a,
        v.expr()), JType.VOID)));
  }

  /** The twin's function for {@code function}: {@link TracedSpecial}'s for Special's. */
  static String traced(String function) {
    return function.startsWith(OWNER + ".") ? TracedSpecial.class.getName()
        + function.substring(OWNER.length()) : function;
  }

  private static Expr call(String method, Expr... args) {
    return new Expr.LibCall(OWNER + "." + method, List.of(args), JType.DOUBLE);
  }
}
