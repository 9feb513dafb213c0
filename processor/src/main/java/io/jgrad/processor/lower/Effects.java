package io.jgrad.processor.lower;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import java.util.HashSet;
import java.util.Set;

/**
 * What a piece of lowered code may change: the variables it assigns, and whether it may write
 * array elements (a store, or a call that may write the arrays it is given). Lowering asks this
 * to decide whether an operand Java has already evaluated must be read into a temporary before
 * the code of a later operand runs (JLS 15.7: left to right, each operand once).
 */
final class Effects {
  private final Set<Var> variables = new HashSet<>();
  private boolean elements;

  private Effects() {}

  static Effects of(Block code) {
    Effects effects = new Effects();
    effects.scan(code);
    return effects;
  }

  /**
   * True if running the code may change what {@code e} evaluates to, or if {@code e} must run
   * before it: a method or constructor {@code e} calls may read what the code writes, or throw,
   * and then the code's assignments must not have happened (seed 3112, program 914:
   * {@code new R0(..., max(o3.m0(), w), ..., new R1(x[0]++, ...))} with {@code m0} throwing
   * left {@code x[0]} incremented twice).
   */
  boolean changes(Expr e) {
    if (elements && Exprs.readsElements(e)
        || (elements || !variables.isEmpty()) && callsCode(e)) {
      return true;
    }
    for (Var v : Exprs.vars(e)) {
      if (variables.contains(v)) {
        return true;
      }
    }
    return false;
  }

  private void scan(Block block) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Assign a) {
        variables.add(a.target());
        expression(a.value());
      } else if (s instanceof Stmt.Store st) {
        elements = true;
        expression(st.index());
        expression(st.value());
      } else if (s instanceof Stmt.SetField f) {
        elements = true; // a field of a mutable object: memory, like an element
        expression(f.value());
      } else if (s instanceof Stmt.Accumulate a) {
        if (a.target() instanceof Expr.Ref r) {
          variables.add(r.var());
        } else {
          elements = true;
        }
        expression(a.value());
      } else if (s instanceof Stmt.Eval e) {
        expression(e.expr());
      } else if (s instanceof Stmt.If i) {
        expression(i.condition());
        scan(i.then());
        scan(i.otherwise());
      } else if (s instanceof Stmt.Loop l) {
        if (l.condition() != null) {
          expression(l.condition());
        }
        scan(l.body());
        scan(l.update());
      }
    }
  }

  /** A call that may have effects writes elements, as far as anyone can tell from here. */
  private void expression(Expr e) {
    if (callsWithEffects(e)) {
      elements = true;
    }
  }

  /** True if {@code e} calls a method that may write arrays (anything but pure library calls). */
  static boolean callsWithEffects(Expr e) {
    boolean[] found = {false};
    Exprs.visit(e, x -> {
      if (x instanceof Expr.Call c && !PureMethods.isPure(c.owner())) {
        found[0] = true;
      }
    });
    return found[0];
  }

  /** True if {@code e} calls a method or constructor other than a pure library method. */
  private static boolean callsCode(Expr e) {
    boolean[] found = {false};
    Exprs.visit(e, x -> found[0] |= x instanceof Expr.Invoke || x instanceof Expr.New
        || x instanceof Expr.Call c && !PureMethods.isPure(c.owner()));
    return found[0];
  }

  /**
   * True if {@code e} can be evaluated again later with the same result as long as the
   * variables it reads keep their values: it reads no array element and calls nothing with
   * effects. Indices must be like this: the transforms read them again after the store.
   */
  static boolean isReevaluable(Expr e) {
    return !Exprs.readsElements(e) && !callsWithEffects(e);
  }
}
