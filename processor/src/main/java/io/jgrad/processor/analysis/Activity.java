package io.jgrad.processor.analysis;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Activity: which variables may depend on a differentiable parameter (varied) and may pass a
 * derivative on to the result or to an array (useful). Only those get tangents and adjoints.
 * Flow-insensitive (a variable active anywhere is active everywhere), which is conservative and
 * cheap.
 *
 * <p>Usefulness matters beyond cost: the reverse sweep multiplies the adjoint of every active
 * variable by its local derivatives, so a dead local ({@code double d = (a + b) / x[0];} never
 * read) whose local derivative is infinite at a point ({@code x[0] == 0}) would add
 * {@code 0 * Infinity = NaN} into {@code xBar}, where the derivative is a finite number. A
 * scalar local or temporary is useful if it is the result, or read anywhere but in the value of
 * a plain floating assignment (one operation, no call but {@code Math}/{@code StrictMath}) or of
 * an integer or boolean assignment, a condition, or is read by such a plain floating assignment
 * to a useful variable. Parameters and arrays are always useful.
 *
 * <p>A {@code @NoGrad} parameter is data: not active unless the method assigns it (a scalar
 * assigned a varied value, an array variable pointed elsewhere), and then with a zero
 * derivative on entry. So is a local array that only ever points into such a parameter and is
 * only read ({@link DataArrays}); every other local array is active.
 */
public final class Activity {
  private final Set<Var> active;
  private final Set<Var> data;

  private Activity(Set<Var> active, Set<Var> data) {
    this.active = active;
    this.data = data;
  }

  /** The activity of {@code function}, whose value is {@code result} (null if void). */
  public static Activity of(Function function, Var result) {
    return of(function, result, DataArrays.DataArguments.NONE);
  }

  /**
   * The activity of {@code function}, whose value is {@code result} (null if void); {@code
   * arguments}: the call arguments its callees take as data.
   */
  public static Activity of(Function function, Var result, DataArrays.DataArguments arguments) {
    Set<Var> data = DataArrays.of(function, arguments);
    Set<Var> active = varied(function, data);
    Set<Var> useful = useful(function, result);
    active.removeIf(v -> !v.isParam() && !v.type().isArray() && !v.type().hasShadow()
        && !useful.contains(v));
    return new Activity(active, data);
  }

  /**
   * True for a local array that holds data only ({@link DataArrays}): no shadow, no adjoint,
   * assigned and kept like an {@code int[]}.
   */
  public boolean isData(Var var) {
    return data.contains(var);
  }

  /**
   * The variables that may depend on a differentiable parameter (all arrays and records with a
   * shadow but the {@code @NoGrad} parameters the method never assigns).
   */
  private static Set<Var> varied(Function function, Set<Var> data) {
    Set<Var> active = new HashSet<>();
    List<Stmt.Assign> assigns = new ArrayList<>();
    collect(function.body(), assigns);
    for (Var p : function.params()) {
      if (p.isDifferentiableParam()) {
        active.add(p);
      } else if (p.isConstant() && p.type().hasShadow()
          && assigns.stream().anyMatch(a -> a.target() == p)) {
        // a @NoGrad array the method points elsewhere is a local from then on: it gets a
        // shadow, zero on entry (writing into the caller's array is an error)
        active.add(p);
      }
    }
    for (Var local : function.locals()) {
      if (local.type().hasShadow() && !data.contains(local)) {
        active.add(local); // arrays get a shadow but for data: cheaper than tracking the rest
      }
    }
    Activity activity = new Activity(active, data);
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
    return active;
  }

  /** The scalar variables that may pass a derivative on (see the class comment). */
  private static Set<Var> useful(Function function, Var result) {
    Set<Var> useful = new HashSet<>();
    if (result != null) {
      useful.add(result);
    }
    Map<Var, Set<Var>> readBy = new HashMap<>(); // plain floating assignment: target -> reads
    reads(function.body(), useful, readBy);
    List<Var> work = new ArrayList<>(useful);
    while (!work.isEmpty()) {
      Var v = work.remove(work.size() - 1);
      for (Var read : readBy.getOrDefault(v, Set.of())) {
        if (useful.add(read)) {
          work.add(read);
        }
      }
    }
    return useful;
  }

  private static void reads(Block block, Set<Var> useful, Map<Var, Set<Var>> readBy) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Assign a) {
        boolean plain = isPlain(a.value());
        if (plain && a.target().type().isFloating()) {
          readBy.computeIfAbsent(a.target(), k -> new HashSet<>())
              .addAll(Exprs.vars(a.value()));
        } else if (!plain || a.target().type().isArray() || a.target().type().hasShadow()) {
          useful.add(a.target()); // e.g. the value of a call: the call must run through its rule
          useful.addAll(Exprs.vars(a.value()));
        } // else an integer or boolean computed by plain operations: no derivative flows
      } else if (s instanceof Stmt.If i) {
        condition(i.condition(), useful);
        reads(i.then(), useful, readBy);
        reads(i.otherwise(), useful, readBy);
      } else if (s instanceof Stmt.Loop l) {
        if (l.condition() != null) {
          condition(l.condition(), useful);
        }
        reads(l.body(), useful, readBy);
        reads(l.update(), useful, readBy);
      } else if (s instanceof Stmt.Protected p) {
        useful.add(p.thrown());
        reads(p.body(), useful, readBy);
        reads(p.onThrow(), useful, readBy);
      } else if (s instanceof Stmt.Store st) {
        useful.addAll(Exprs.vars(st.array()));
        useful.addAll(Exprs.vars(st.index()));
        useful.addAll(Exprs.vars(st.value()));
      } else if (s instanceof Stmt.SetField f) {
        useful.addAll(Exprs.vars(f.field()));
        useful.addAll(Exprs.vars(f.value()));
      } else if (s instanceof Stmt.Accumulate ac) {
        useful.addAll(Exprs.vars(ac.target()));
        useful.addAll(Exprs.vars(ac.value()));
      } else if (s instanceof Stmt.Eval e) {
        useful.addAll(Exprs.vars(e.expr()));
      } else if (s instanceof Stmt.Return r && r.value() != null) {
        useful.addAll(Exprs.vars(r.value()));
      } else if (s instanceof Stmt.Throw t) {
        useful.addAll(Exprs.vars(t.exception()));
      }
    }
  }

  /** A condition passes no derivative on, unless it calls something that may. */
  private static void condition(Expr condition, Set<Var> useful) {
    if (!isPlain(condition)) {
      useful.addAll(Exprs.vars(condition));
    }
  }

  /** True if {@code e} calls nothing but {@code Math} and {@code StrictMath}, creates nothing. */
  private static boolean isPlain(Expr e) {
    boolean[] plain = {true};
    Exprs.visit(e, x -> {
      if (x instanceof Expr.Invoke || x instanceof Expr.New || x instanceof Expr.NewArray
          || x instanceof Expr.NewArrayOf
          || x instanceof Expr.Field f && !f.target().type().isRecord()
          || x instanceof Expr.Call c && !c.owner().equals("java.lang.Math")
              && !c.owner().equals("java.lang.StrictMath")) {
        plain[0] = false;
      }
    });
    return plain[0];
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
    if (operand instanceof Expr.Field f) {
      return f.target().type().isRecord() && f.type().isDifferentiable()
          && isActive(f.target());
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
