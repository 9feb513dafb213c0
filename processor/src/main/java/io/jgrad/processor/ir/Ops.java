package io.jgrad.processor.ir;

import java.util.List;

/**
 * Smart constructors for the derivative expressions the transforms build. They fold the trivial
 * cases (times one, plus zero) so that generated code reads like a hand-written adjoint.
 */
public final class Ops {
  public static final Expr ONE = new Expr.Lit(Type.DOUBLE, "1.0");
  public static final Expr MINUS_ONE = new Expr.Lit(Type.DOUBLE, "-1.0");
  public static final Expr ZERO = new Expr.Lit(Type.DOUBLE, "0.0");

  private Ops() {}

  public static Expr lit(double value) {
    return Expr.Lit.of(value);
  }

  public static Expr ref(Var var) {
    return new Expr.Ref(var);
  }

  public static boolean isOne(Expr e) {
    return e instanceof Expr.Lit lit && (lit.text().equals("1.0") || lit.text().equals("1"));
  }

  public static boolean isMinusOne(Expr e) {
    return e instanceof Expr.Lit lit && (lit.text().equals("-1.0") || lit.text().equals("-1"));
  }

  public static boolean isZero(Expr e) {
    return e instanceof Expr.Lit lit && (lit.text().equals("0.0") || lit.text().equals("0"));
  }

  public static Expr mul(Expr a, Expr b) {
    if (isOne(a)) {
      return b;
    }
    if (isOne(b)) {
      return a;
    }
    if (isMinusOne(a)) {
      return neg(b);
    }
    if (isMinusOne(b)) {
      return neg(a);
    }
    return new Expr.Binary("*", a, b, Type.DOUBLE);
  }

  public static Expr div(Expr a, Expr b) {
    if (isOne(b)) {
      return a;
    }
    return new Expr.Binary("/", a, b, Type.DOUBLE);
  }

  public static Expr add(Expr a, Expr b) {
    if (a == null || isZero(a)) {
      return b;
    }
    if (b == null || isZero(b)) {
      return a;
    }
    if (b instanceof Expr.Unary u && u.op().equals("-")) {
      return new Expr.Binary("-", a, u.operand(), Type.DOUBLE);
    }
    return new Expr.Binary("+", a, b, Type.DOUBLE);
  }

  public static Expr sub(Expr a, Expr b) {
    if (isZero(b)) {
      return a;
    }
    return new Expr.Binary("-", a, b, Type.DOUBLE);
  }

  public static Expr neg(Expr a) {
    if (isOne(a)) {
      return MINUS_ONE;
    }
    if (isMinusOne(a)) {
      return ONE;
    }
    if (a instanceof Expr.Unary u && u.op().equals("-")) {
      return u.operand();
    }
    return new Expr.Unary("-", a, Type.DOUBLE);
  }

  public static Expr call(String owner, String name, Expr... args) {
    return new Expr.Call(owner, name, List.of(args), Type.DOUBLE);
  }

  public static Expr cond(Expr condition, Expr whenTrue, Expr whenFalse) {
    return new Expr.Conditional(condition, whenTrue, whenFalse, Type.DOUBLE);
  }

  public static Expr compare(String op, Expr a, Expr b) {
    return new Expr.Binary(op, a, b, Type.BOOLEAN);
  }

  public static Expr not(Expr e) {
    return new Expr.Unary("!", e, Type.BOOLEAN);
  }

  /** {@code a || b || ...} over boolean variables. */
  public static Expr anyOf(java.util.Collection<Var> flags) {
    Expr result = null;
    for (Var flag : flags) {
      result = result == null ? ref(flag) : new Expr.Binary("||", result, ref(flag), Type.BOOLEAN);
    }
    return result;
  }

  public static Stmt.Assign assign(Var target, Expr value, Stmt.Origin origin) {
    return new Stmt.Assign(target, value, origin);
  }
}
