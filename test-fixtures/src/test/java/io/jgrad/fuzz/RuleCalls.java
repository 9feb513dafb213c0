package io.jgrad.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads of the rules of an earlier {@code @Grad} method of the program (rules of rules, README):
 * {@code Prog_Frule.f(x, xDir, n).tangent()} or {@code .value()}, {@code Prog_Rrule.f(x, n).xBar()}
 * (element 0 of an array's) or {@code .value()}. The directions of an array argument is the
 * argument itself (same length); a number's is any double expression.
 */
final class RuleCalls {
  private RuleCalls() {}

  private static final Set<JType> READABLE_PARAMS = Set.of(JType.DOUBLE, JType.FLOAT,
      JType.DOUBLE_ARRAY, JType.DOUBLE_MATRIX, JType.INT, JType.LONG, JType.BOOLEAN);

  /** True if another method may read {@code m}'s rules ({@link MethodInfo#ruleReadable}). */
  static boolean readable(MethodInfo m) {
    return (m.returns == JType.DOUBLE || m.returns == JType.FLOAT) && !m.noSecondOrder
        && !m.writesAny() && !m.sharesAny() && !m.writesObjects
        && m.params.stream().allMatch(p -> READABLE_PARAMS.contains(p.type()));
  }

  /** A read of a readable callee's rules, or null if there is none (or no budget). */
  static Expr read(MethodGen g, int depth) {
    List<MethodInfo> candidates = new ArrayList<>();
    for (MethodInfo m : g.callees) {
      if (m.ruleReadable) {
        candidates.add(m);
      }
    }
    MethodInfo callee = g.oneOf(candidates);
    if (callee == null || g.program == null || !g.spend(2 * callee.cost + 2)) {
      return null;
    }
    List<Expr> args = Calls.args(g, depth, callee, false);
    boolean forward = g.chance(0.5);
    List<Expr> all = new ArrayList<>();
    List<JType> types = new ArrayList<>();
    List<JType> primalTypes = new ArrayList<>();
    List<Integer> differentiable = new ArrayList<>();
    for (int p = 0; p < args.size(); p++) {
      Program.Param param = callee.params.get(p);
      all.add(args.get(p));
      types.add(param.type());
      primalTypes.add(param.type());
      boolean hasTangent = param.type() == JType.DOUBLE || param.type() == JType.FLOAT
          || param.type() == JType.DOUBLE_ARRAY || param.type() == JType.DOUBLE_MATRIX;
      if (!hasTangent || param.noGrad()) {
        continue;
      }
      differentiable.add(p);
      if (forward && param.type().isArray()) {
        if (!args.get(p).pure()) {
          return null; // the direction is the argument again: it must read the same array
        }
        all.add(args.get(p));
        types.add(param.type());
      } else if (forward) {
        all.add(ExprGen.dbl(g, Math.max(0, depth - 1)));
        types.add(JType.DOUBLE);
      }
    }
    String accessor;
    if (forward) {
      accessor = g.chance(0.75) ? ".tangent()" : ".value()";
    } else if (differentiable.isEmpty() || g.chance(0.2)) {
      accessor = ".value()";
    } else {
      Program.Param param = callee.params.get(g.oneOf(differentiable));
      accessor = "." + param.name() + "Bar()" + (param.type() == JType.DOUBLE_ARRAY ? "[0]"
          : param.type() == JType.DOUBLE_MATRIX ? "[0][0]" : "");
    }
    callee.ruleTarget = true;
    g.noSecondOrder = true;
    if (callee.usesFloat) {
      g.usesFloat = true;
    }
    return new Expr.RuleRead(g.program + (forward ? "_Frule" : "_Rrule"), callee.name,
        forward ? all : args, forward ? types : primalTypes, accessor);
  }
}
