package io.jgrad.processor.ir;

import java.util.LinkedHashSet;
import java.util.Set;

/** Queries over expression trees. */
public final class Exprs {
  private Exprs() {}

  /** Every variable an expression reads, in order of first appearance. */
  public static Set<Var> vars(Expr e) {
    Set<Var> out = new LinkedHashSet<>();
    collect(e, out);
    return out;
  }

  private static void collect(Expr e, Set<Var> out) {
    if (e instanceof Expr.Ref r) {
      out.add(r.var());
    } else if (e instanceof Expr.Index i) {
      collect(i.array(), out);
      collect(i.index(), out);
    } else if (e instanceof Expr.Length l) {
      collect(l.array(), out);
    } else if (e instanceof Expr.Unary u) {
      collect(u.operand(), out);
    } else if (e instanceof Expr.Binary b) {
      collect(b.left(), out);
      collect(b.right(), out);
    } else if (e instanceof Expr.Cast c) {
      collect(c.operand(), out);
    } else if (e instanceof Expr.Conditional c) {
      collect(c.condition(), out);
      collect(c.whenTrue(), out);
      collect(c.whenFalse(), out);
    } else if (e instanceof Expr.Call c) {
      c.args().forEach(a -> collect(a, out));
    } else if (e instanceof Expr.Invoke i) {
      collect(i.target(), out);
      i.args().forEach(a -> collect(a, out));
    } else if (e instanceof Expr.Field f) {
      collect(f.target(), out);
    } else if (e instanceof Expr.New n) {
      n.args().forEach(a -> collect(a, out));
    } else if (e instanceof Expr.NewArray n) {
      n.dimensions().forEach(a -> collect(a, out));
    }
  }

  /** The variable an array expression starts from: {@code w} for {@code w[i][j]}, else null. */
  public static Var root(Expr e) {
    if (e instanceof Expr.Ref r) {
      return r.var();
    }
    if (e instanceof Expr.Index i) {
      return root(i.array());
    }
    return null;
  }

  /** The variables read by the indices of an element access ({@code i, j} in {@code w[i][j]}). */
  public static Set<Var> indexVars(Expr e) {
    Set<Var> out = new LinkedHashSet<>();
    for (Expr x = e; x instanceof Expr.Index i; x = i.array()) {
      collect(i.index(), out);
    }
    return out;
  }
}
