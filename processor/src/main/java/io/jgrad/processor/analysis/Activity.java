package io.jgrad.processor.analysis;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Varied-ness: which variables may depend on a differentiable parameter. Only those get tangents
 * and adjoints. Flow-insensitive (a variable active anywhere is active everywhere), which is
 * conservative and cheap.
 */
public final class Activity {
  private final Set<Var> active;

  private Activity(Set<Var> active) {
    this.active = active;
  }

  public static Activity of(Function function) {
    Set<Var> active = new HashSet<>();
    for (Var p : function.params()) {
      if (p.type().isDifferentiable()) {
        active.add(p);
      }
    }
    for (Var local : function.locals()) {
      if (local.type().isDoubleArray()) {
        active.add(local); // arrays always get a shadow: cheaper than tracking what flows in
      }
    }
    List<Stmt.Assign> assigns = new ArrayList<>();
    collect(function.body(), assigns);
    Activity activity = new Activity(active);
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Stmt.Assign a : assigns) {
        if (a.target().type().isFloating() && !active.contains(a.target())
            && Operations.operands(a.value()).stream().anyMatch(activity::isActive)) {
          active.add(a.target());
          changed = true;
        }
      }
    }
    return activity;
  }

  public boolean isActive(Var var) {
    return active.contains(var);
  }

  /** True if an operand carries a derivative: an active variable or an element of one. */
  public boolean isActive(Expr operand) {
    if (operand instanceof Expr.Ref r) {
      return active.contains(r.var());
    }
    if (operand instanceof Expr.Index i) {
      return i.type().isDifferentiable() && isActive(i.array());
    }
    return false;
  }

  static void collect(Block block, List<Stmt.Assign> out) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Assign a) {
        out.add(a);
      } else if (s instanceof Stmt.If i) {
        collect(i.then(), out);
        collect(i.otherwise(), out);
      } else if (s instanceof Stmt.Loop l) {
        collect(l.body(), out);
        collect(l.update(), out);
      }
    }
  }
}
