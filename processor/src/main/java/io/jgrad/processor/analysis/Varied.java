package io.jgrad.processor.analysis;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.transform.CalleeTable;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What may carry a derivative, more precisely than activity (which gives every local array a
 * shadow): scalar variables computed from differentiable parameters, records of numbers
 * computed or read from such values, and the alias classes
 * of arrays that may hold such numbers. Arrays that share memory are in one class, so a stored
 * row or an assigned reference needs no mark of its own. Computed together, to a fixpoint.
 */
public record Varied(Set<Var> scalars, Set<Var> values, Set<Var> classes,
    ArrayEffects effects, CalleeTable table) {
  /** What may carry a derivative in {@code f}, whose alias classes are {@code effects}. */
  public static Varied of(Function f, ArrayEffects effects, CalleeTable table) {
    Varied v = new Varied(new HashSet<>(), new HashSet<>(), new HashSet<>(), effects, table);
    for (Var p : f.params()) {
      if (p.isDifferentiableParam()) {
        if (ArrayEffects.holdsMemory(p.type())) {
          v.classes.addAll(effects.classesOf(p));
        } else {
          v.scalars.add(p);
        }
      }
    }
    while (v.scan(f.body())) {
      // until nothing new is varied
    }
    return v;
  }

  /** True if an argument may carry a derivative. */
  public boolean carriesDerivative(Expr arg) {
    return arg.type().isArray() || arg.type().hasShadow() ? reference(arg) : number(arg);
  }

  private boolean reference(Expr e) {
    Var root = Exprs.root(e);
    return root != null && (root.isDifferentiableParam() || values.contains(root)
        || classes.stream().anyMatch(c -> effects.reaches(root, c)));
  }

  /** A number computed from varied scalars, elements of varied arrays or a callee's result. */
  private boolean number(Expr value) {
    boolean[] out = {false};
    Exprs.visit(value, e -> {
      if (e instanceof Expr.Ref r && (scalars.contains(r.var()) || values.contains(r.var()))
          || (e instanceof Expr.Index || e instanceof Expr.Field)
              && !e.type().isArray() && !e.type().hasShadow() && reference(e)
          || e instanceof Expr.Call c && table.of(c) != null) {
        out[0] = true;
      }
    });
    return out[0];
  }

  /** One pass over the statements; true if something new is varied. */
  private boolean scan(Block block) {
    boolean changed = false;
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Store st && !reference(st.array()) && number(st.value())) {
        changed |= mark(effects.elementClass(st.array()));
      } else if (s instanceof Stmt.Accumulate ac && ac.target() instanceof Expr.Index i
          && !reference(i.array()) && number(ac.value())) {
        changed |= mark(effects.elementClass(i.array()));
      } else if (s instanceof Stmt.SetField sf && Exprs.root(sf.field().target()) != null
          && !reference(sf.field().target()) && number(sf.value())) {
        changed |= mark(effects.classOf(Exprs.root(sf.field().target())));
      } else if (s instanceof Stmt.Assign a) {
        changed |= assign(a);
      } else if (s instanceof Stmt.Eval e && e.expr() instanceof Expr.Call c
          && table.of(c) != null) {
        changed |= writtenArguments(c);
      } else if (s instanceof Stmt.If i) {
        changed |= scan(i.then()) | scan(i.otherwise());
      } else if (s instanceof Stmt.Loop l) {
        changed |= scan(l.body()) | scan(l.update());
      } else if (s instanceof Stmt.Protected p) {
        changed |= scan(p.body()) | scan(p.onThrow());
      }
    }
    return changed;
  }

  private boolean assign(Stmt.Assign a) {
    boolean changed = false;
    boolean fromCall = a.value() instanceof Expr.Call c && table.of(c) != null;
    if ((a.target().type().isArray() || a.target().type().hasShadow())
        && !ArrayEffects.holdsMemory(a.target().type())) {
      // a record of numbers shares no memory and has no alias class (cf = flows[i]): it is
      // varied if what it is computed or read from is
      if (!values.contains(a.target())
          && (fromCall || elements(a.value()) || readsVaried(a.value()))) {
        values.add(a.target());
        changed = true;
      }
    } else if (a.target().type().isArray() || a.target().type().hasShadow()) {
      if (fromCall || elements(a.value())) {
        changed = classes.addAll(effects.classesOf(a.target()));
      }
    } else if (!scalars.contains(a.target()) && number(a.value())) {
      scalars.add(a.target());
      changed = true;
    }
    return fromCall ? writtenArguments((Expr.Call) a.value()) | changed : changed;
  }

  /** True if {@code value} reads a varied variable, element or field anywhere. */
  private boolean readsVaried(Expr value) {
    boolean[] out = {number(value)};
    Exprs.visit(value, e -> out[0] |= Exprs.root(e) != null && reference(e));
    return out[0];
  }

  /** {@code new double[] {a, 1.0}}, {@code new R(a, x)}: a varied number inside. */
  private boolean elements(Expr value) {
    List<Expr> parts = value instanceof Expr.NewArrayOf n ? n.elements()
        : value instanceof Expr.New n ? n.operands() : List.of();
    for (Expr e : parts) {
      if (e.type().isArray() || e.type().hasShadow()
          ? elements(e) || Exprs.root(e) != null && reference(e) : number(e)) {
        return true;
      }
    }
    return false;
  }

  /** The arrays a callee may write (not its @NoGrad ones): what it writes may be varied. */
  private boolean writtenArguments(Expr.Call call) {
    GradCallee callee = table.of(call);
    boolean changed = false;
    for (int k = 0; k < call.args().size(); k++) {
      Expr arg = call.args().get(k);
      Var root = Exprs.root(arg);
      if (root != null && (arg.type().isArray() || arg.type().hasShadow())
          && !callee.noGrad().get(k) && table.writes(callee, k)) {
        changed |= classes.addAll(effects.classesOf(root));
      }
    }
    return changed;
  }

  private boolean mark(Var c) {
    return c != null && classes.add(c);
  }
}
