package io.jgrad.processor.analysis;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.transform.CalleeTable;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which array variables may point into the same memory (alias classes: a row variable belongs
 * to its matrix's class), and which classes the function writes, directly or through a callee.
 */
public final class ArrayEffects {
  private final Map<Var, Var> parent = new HashMap<>();
  private final Set<Var> written = new HashSet<>();
  private final Set<Var> passedToWritingCallee = new HashSet<>();
  private final Set<Var> rowsMoved = new HashSet<>();

  private ArrayEffects() {}

  public static ArrayEffects of(Function function, CalleeTable callees) {
    ArrayEffects effects = new ArrayEffects();
    effects.scan(function.body(), callees);
    return effects;
  }

  /** The representative of {@code v}'s alias class. */
  public Var classOf(Var v) {
    Var p = parent.getOrDefault(v, v);
    if (p == v) {
      return v;
    }
    Var root = classOf(p);
    parent.put(v, root);
    return root;
  }

  public boolean isWritten(Var v) {
    return written.contains(classOf(v));
  }

  /** True if row references inside {@code v}'s class are reassigned ({@code a[i] = row}). */
  public boolean movesRows(Var v) {
    return rowsMoved.contains(classOf(v));
  }

  /** True if a callee that may write it receives an array of {@code v}'s class. */
  public boolean isPassedToWritingCallee(Var v) {
    return passedToWritingCallee.contains(classOf(v));
  }

  private void union(Var a, Var b) {
    Var ra = classOf(a);
    Var rb = classOf(b);
    if (ra != rb) {
      boolean w = written.remove(ra) | written.remove(rb);
      boolean c = passedToWritingCallee.remove(ra) | passedToWritingCallee.remove(rb);
      boolean m = rowsMoved.remove(ra) | rowsMoved.remove(rb);
      parent.put(ra, rb);
      if (m) {
        rowsMoved.add(rb);
      }
      if (w) {
        written.add(rb);
      }
      if (c) {
        passedToWritingCallee.add(rb);
      }
    }
  }

  private void scan(Block block, CalleeTable callees) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Assign a) {
        if (a.target().type().isArray()) {
          Var source = Exprs.root(a.value());
          if (source != null) {
            union(a.target(), source);
          }
        }
        call(a.value(), callees);
      } else if (s instanceof Stmt.Eval e) {
        call(e.expr(), callees);
      } else if (s instanceof Stmt.Store st) {
        Var target = Exprs.root(st.array());
        Var value = Exprs.root(st.value());
        if (value != null && value.type().isArray()) {
          union(target, value);
          rowsMoved.add(classOf(target));
        }
        written.add(classOf(target));
      } else if (s instanceof Stmt.If i) {
        scan(i.then(), callees);
        scan(i.otherwise(), callees);
      } else if (s instanceof Stmt.Loop l) {
        scan(l.body(), callees);
        scan(l.update(), callees);
      }
    }
  }

  private void call(Expr e, CalleeTable callees) {
    GradCallee callee = callees.of(e);
    if (callee == null) {
      return;
    }
    Expr.Call call = (Expr.Call) e;
    for (int k = 0; k < call.args().size(); k++) {
      Var array = Exprs.root(call.args().get(k));
      if (array != null && array.type().isArray() && callees.writes(callee, k)) {
        written.add(classOf(array));
        passedToWritingCallee.add(classOf(array));
      }
    }
  }
}
