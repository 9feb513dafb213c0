package io.jgrad.processor.ir;

import java.util.LinkedHashSet;
import java.util.Set;

/** Queries over expression trees. */
public final class Exprs {
  private Exprs() {}

  /**
   * The arrays a record (or value object) holds, nested records' included, as component paths
   * ({@code t.b}, {@code t.inner.w}).
   */
  public static java.util.List<Expr> heldArrays(Expr record) {
    java.util.List<Expr> out = new java.util.ArrayList<>();
    for (RecordShape.Component c : record.type().shape().components()) {
      Expr path = new Expr.Field(record, c.name(), c.type());
      if (c.type().isArray()) {
        out.add(path);
      } else if (c.type().isRecord() && c.type().shape().holdsArrays()) {
        out.addAll(heldArrays(path));
      }
    }
    return out;
  }

  /**
   * A zero tangent (or adjoint buffer) for the record or array of records {@code value}: {@code
   * new Vec3_Tangent()} for a record of numbers, {@code R_Tangent.zerosLike(value)} where the
   * tangent's arrays must take the value's shape.
   */
  public static Expr zeroTangent(Expr value) {
    Type type = value.type();
    if (type.isRecord() && !type.shape().holdsArrays()) {
      return new Expr.New(type.tangentType(), java.util.List.of());
    }
    return new Expr.Call(type.shape().tangentName(), "zerosLike", java.util.List.of(value),
        type.tangentType());
  }

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
      n.operands().forEach(a -> collect(a, out));
    } else if (e instanceof Expr.NewArray n) {
      n.dimensions().forEach(a -> collect(a, out));
    } else if (e instanceof Expr.NewArrayOf n) {
      n.elements().forEach(a -> collect(a, out));
    }
  }

  /** Calls {@code action} on {@code e} and every subexpression, parents first. */
  public static void visit(Expr e, java.util.function.Consumer<Expr> action) {
    action.accept(e);
    if (e instanceof Expr.Index i) {
      visit(i.array(), action);
      visit(i.index(), action);
    } else if (e instanceof Expr.Length l) {
      visit(l.array(), action);
    } else if (e instanceof Expr.Unary u) {
      visit(u.operand(), action);
    } else if (e instanceof Expr.Binary b) {
      visit(b.left(), action);
      visit(b.right(), action);
    } else if (e instanceof Expr.Cast c) {
      visit(c.operand(), action);
    } else if (e instanceof Expr.Conditional c) {
      visit(c.condition(), action);
      visit(c.whenTrue(), action);
      visit(c.whenFalse(), action);
    } else if (e instanceof Expr.Call c) {
      c.args().forEach(a -> visit(a, action));
    } else if (e instanceof Expr.Invoke i) {
      visit(i.target(), action);
      i.args().forEach(a -> visit(a, action));
    } else if (e instanceof Expr.Field f) {
      visit(f.target(), action);
    } else if (e instanceof Expr.New n) {
      n.operands().forEach(a -> visit(a, action));
    } else if (e instanceof Expr.NewArray n) {
      n.dimensions().forEach(a -> visit(a, action));
    } else if (e instanceof Expr.NewArrayOf n) {
      n.elements().forEach(a -> visit(a, action));
    }
  }

  /**
   * A copy of {@code e} with each direct subexpression replaced by {@code f} of it (variables,
   * literals and static fields have none: returned as they are). Rewriting passes recurse
   * through it.
   */
  public static Expr mapChildren(Expr e, java.util.function.UnaryOperator<Expr> f) {
    if (e instanceof Expr.Index i) {
      return new Expr.Index(f.apply(i.array()), f.apply(i.index()), i.type());
    } else if (e instanceof Expr.Length l) {
      return new Expr.Length(f.apply(l.array()));
    } else if (e instanceof Expr.Unary u) {
      return new Expr.Unary(u.op(), f.apply(u.operand()), u.type());
    } else if (e instanceof Expr.Binary b) {
      return new Expr.Binary(b.op(), f.apply(b.left()), f.apply(b.right()), b.type());
    } else if (e instanceof Expr.Cast c) {
      return new Expr.Cast(c.type(), f.apply(c.operand()));
    } else if (e instanceof Expr.Conditional c) {
      return new Expr.Conditional(f.apply(c.condition()), f.apply(c.whenTrue()),
          f.apply(c.whenFalse()), c.type());
    } else if (e instanceof Expr.Call c) {
      return c.withArgs(map(c.args(), f));
    } else if (e instanceof Expr.Invoke i) {
      return new Expr.Invoke(f.apply(i.target()), i.name(), map(i.args(), f), i.type());
    } else if (e instanceof Expr.Field fd) {
      return new Expr.Field(f.apply(fd.target()), fd.name(), fd.type());
    } else if (e instanceof Expr.New n) {
      return new Expr.New(n.type(), map(n.args(), f), n.sources(),
          n.values() == null ? null : map(n.values(), f));
    } else if (e instanceof Expr.NewArray n) {
      return new Expr.NewArray(n.type(), map(n.dimensions(), f));
    } else if (e instanceof Expr.NewArrayOf n) {
      return new Expr.NewArrayOf(n.type(), map(n.elements(), f));
    }
    return e;
  }

  private static java.util.List<Expr> map(java.util.List<Expr> in,
      java.util.function.UnaryOperator<Expr> f) {
    java.util.List<Expr> out = new java.util.ArrayList<>();
    in.forEach(x -> out.add(x == null ? null : f.apply(x)));
    return out;
  }

  /**
   * True if evaluating {@code e} reads an array element or a field of a mutable object (a value
   * that stores can change).
   */
  public static boolean readsElements(Expr e) {
    boolean[] found = {false};
    visit(e, x -> found[0] |= x instanceof Expr.Index
        || x instanceof Expr.Field f && f.target().type().isMutableObject());
    return found[0];
  }

  /** True for a static final table or a row of one ({@code T}, {@code T[i]}): a constant. */
  public static boolean isTable(Expr array) {
    return array instanceof Expr.StaticField
        || array instanceof Expr.Index i && isTable(i.array());
  }

  /** The variable an array expression starts from: {@code w} for {@code w[i][j]}, else null. */
  public static Var root(Expr e) {
    if (e instanceof Expr.Ref r) {
      return r.var();
    }
    if (e instanceof Expr.Index i) {
      return root(i.array());
    }
    if (e instanceof Expr.Field f && f.target().type().isRecord()) {
      return root(f.target()); // a record component: ps[i].origin
    }
    return null;
  }

  /** The variables read by the indices of an element access ({@code i, j} in {@code w[i][j]}). */
  public static Set<Var> indexVars(Expr e) {
    Set<Var> out = new LinkedHashSet<>();
    for (Expr x = e; x instanceof Expr.Index || x instanceof Expr.Field;
        x = x instanceof Expr.Index i ? i.array() : ((Expr.Field) x).target()) {
      if (x instanceof Expr.Index i) {
        collect(i.index(), out);
      }
    }
    return out;
  }
}
