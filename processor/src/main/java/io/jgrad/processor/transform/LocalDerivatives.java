package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.MINUS_ONE;
import static io.jgrad.processor.ir.Ops.ONE;
import static io.jgrad.processor.ir.Ops.div;
import static io.jgrad.processor.ir.Ops.neg;

import io.jgrad.processor.analysis.Activity;
import io.jgrad.processor.analysis.Operations;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Ops;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.rules.MathRules;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The local derivative rule of one operation: for each active operand, the partial derivative of
 * the result with respect to it. Shared by the forward and the reverse transform, so the two
 * modes cannot disagree on a rule.
 */
final class LocalDerivatives {
  /** {@code d result / d operand = derivative}; operand is a Ref or an Index. */
  record Partial(Expr operand, Expr derivative) {}

  private LocalDerivatives() {}

  /**
   * Partials of {@code op} (the value assigned to {@code result}) with respect to its active
   * operands. Calls to {@code @Grad} methods are not handled here (they compose through rules).
   */
  static List<Partial> of(Expr op, Expr result, Activity activity) {
    return of(op, result, activity::isActive);
  }

  /** As above, with {@code active} telling which operands carry a derivative. */
  static List<Partial> of(Expr op, Expr result, Predicate<Expr> activity) {
    List<Partial> out = new ArrayList<>();
    if (!op.type().isFloating()) {
      return out; // an integer value widened to double (return n & 3;) is locally constant
    }
    if (op instanceof Expr.Ref || op instanceof Expr.Index || op instanceof Expr.Field) {
      add(out, activity, op, ONE);
    } else if (op instanceof Expr.Unary u) {
      add(out, activity, u.operand(), u.op().equals("-") ? MINUS_ONE : ONE);
    } else if (op instanceof Expr.Cast c) {
      add(out, activity, Operations.castOperand(c), ONE); // (double) (float) x: one too
    } else if (op instanceof Expr.Binary b) {
      binary(b, result, activity, out);
    } else if (op instanceof Expr.Call c) {
      MathRules.Partials rule = MathRules.lookup(c.owner(), c.name());
      if (rule == null) {
        return out; // a passive call: a double computed from passive arguments only
      }
      List<Expr> partials = rule.of(c.owner(), c.args(), result);
      for (int k = 0; k < c.args().size() && k < partials.size(); k++) {
        if (partials.get(k) != null) {
          add(out, activity, c.args().get(k), partials.get(k));
        }
      }
    }
    return merged(out);
  }

  /**
   * One partial per operand: {@code d2 - d2} has the single partial {@code 1.0 + -1.0 = 0}, none.
   * Separate partials would make the reverse sweep add and subtract the same (possibly huge)
   * contribution into an adjoint that holds other terms, which rounding then loses (seed 3035).
   */
  private static List<Partial> merged(List<Partial> partials) {
    if (partials.size() < 2) {
      return partials;
    }
    List<Partial> out = new ArrayList<>();
    for (Partial p : partials) {
      int same = -1;
      for (int k = 0; k < out.size() && same < 0; k++) {
        if (out.get(k).operand().equals(p.operand())) {
          same = k;
        }
      }
      if (same < 0) {
        out.add(p);
      } else {
        out.set(same, new Partial(p.operand(), sum(out.get(same).derivative(), p.derivative())));
      }
    }
    out.removeIf(p -> Ops.isZero(p.derivative()));
    return out;
  }

  /**
   * {@code partial} times {@code factor} (a seed or a tangent; first in the product if {@code
   * factorFirst}), the factor multiplied in before a reciprocal: the partial of y in x / y is
   * {@code -((x / y) * (1 / y))}, x / y^2 on its own, which under- or overflows where the product
   * does not (the tangent of {@code 1 / t} in the reverse of {@code log(t)} at t = 1e238
   * underflowed to 0 and made a Hessian-vector product 2-3x off: seed 3142, programs 143 and
   * 380), so it is {@code -((x / y) * (factor * (1 / y)))}.
   */
  static Expr times(Expr partial, Expr factor, boolean factorFirst) {
    if (partial instanceof Expr.Unary u && u.op().equals("-")
        && u.operand() instanceof Expr.Binary m && m.op().equals("*")
        && m.right() instanceof Expr.Binary r && r.op().equals("/") && Ops.isOne(r.left())) {
      return neg(Ops.mul(m.left(), Ops.mul(factor, r)));
    }
    return factorFirst ? Ops.mul(factor, partial) : Ops.mul(partial, factor);
  }

  private static Expr sum(Expr a, Expr b) {
    if (a instanceof Expr.Lit x && b instanceof Expr.Lit y && x.type() == Type.DOUBLE
        && y.type() == Type.DOUBLE) {
      return Ops.lit(Double.parseDouble(x.text()) + Double.parseDouble(y.text()));
    }
    return Ops.add(a, b);
  }

  private static void binary(Expr.Binary b, Expr result, Predicate<Expr> activity,
      List<Partial> out) {
    Expr x = b.left();
    Expr y = b.right();
    switch (b.op()) {
      case "+" -> {
        add(out, activity, x, ONE);
        add(out, activity, y, ONE);
      }
      case "-" -> {
        add(out, activity, x, ONE);
        add(out, activity, y, MINUS_ONE);
      }
      case "*" -> {
        add(out, activity, x, widen(y));
        add(out, activity, y, widen(x));
      }
      case "/" -> {
        // both through 1 / y, one division: a loop-invariant divisor (z = (x[i] - mu) / sigma)
        // leaves no division per element in the reverse sweep once the JIT hoists it
        add(out, activity, x, div(ONE, widen(y)));
        add(out, activity, y, neg(Ops.mul(result, div(ONE, widen(y)))));
      }
      case "%" -> {
        // x % y = x - y * trunc(x / y); the quotient is recovered exactly from the result
        add(out, activity, x, ONE);
        Expr quotient = Ops.call("java.lang.Math", "rint",
            div(Ops.sub(widen(x), result), widen(y)));
        add(out, activity, y, neg(quotient));
      }
      default -> throw new IllegalStateException("no derivative for operator " + b.op());
    }
  }

  /** Integer operands of a floating operation are widened by Java; keep the derivative in double. */
  private static Expr widen(Expr e) {
    if (!e.type().isIntegral()) {
      return e;
    }
    if (e instanceof Expr.Lit lit && lit.text().matches("-?[0-9]+")) {
      return new Expr.Lit(Type.DOUBLE, lit.text() + ".0");
    }
    return new Expr.Cast(Type.DOUBLE, e);
  }

  private static void add(List<Partial> out, Predicate<Expr> active, Expr operand,
      Expr derivative) {
    if (active.test(operand)) {
      out.add(new Partial(operand, derivative));
    }
  }
}
