package io.jgrad.processor.check;

import io.jgrad.processor.analysis.ArrayEffects;
import io.jgrad.processor.diag.Message;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.transform.CalleeTable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a method must not do with {@code @NoGrad} parameters, whose rules have no tangent or
 * adjoint for them: write into a {@code @NoGrad} array or object of its own, or pass a value
 * that carries a derivative to a callee's {@code @NoGrad} parameter (the derivative would be
 * dropped without a word).
 */
public final class ConstantParameters {
  private ConstantParameters() {}

  /**
   * A problem: its message and the parameter it is about ({@code param} indexes the function's
   * parameters, the receiver of an instance method first), or -1 for the method.
   */
  public record Problem(String message, int param) {}

  /** The problems (empty if none). */
  public static List<Problem> problems(Function f, String name, CalleeTable table) {
    List<Problem> out = new ArrayList<>();
    ArrayEffects entry = null;
    for (int k = 0; k < f.params().size(); k++) {
      Var p = f.params().get(k);
      if (p.isConstant() && ArrayEffects.holdsMemory(p.type())) {
        entry = entry != null ? entry : ArrayEffects.ofEntryArrays(f, table);
        if (entry.isWritten(p) || entry.writesArrays(p)) {
          out.add(new Problem(Message.NO_GRAD_WRITTEN.format(name, p.name(), p.name(), p.name(),
              p.name()), k));
        }
      }
    }
    // calls stand alone in statements after lowering: v = g(..) or g(..);
    Map<Expr.Call, Stmt.Origin> calls = new LinkedHashMap<>();
    Blocks.visitStmts(f.body(), s -> {
      Expr e = s instanceof Stmt.Assign a ? a.value() : s instanceof Stmt.Eval ev ? ev.expr()
          : null;
      if (e instanceof Expr.Call c && table.of(c) != null
          && table.of(c).noGrad().contains(Boolean.TRUE)) {
        calls.put(c, s.origin());
      }
    });
    if (calls.isEmpty()) {
      return out;
    }
    ArrayEffects effects = ArrayEffects.of(f, table);
    Varied varied = Varied.of(f, effects, table);
    for (Map.Entry<Expr.Call, Stmt.Origin> e : calls.entrySet()) {
      Expr.Call call = e.getKey();
      GradCallee callee = table.of(call);
      for (int k = 0; k < call.args().size(); k++) {
        Expr arg = call.args().get(k);
        if (callee.noGrad().get(k) && callee.parameterTypes().get(k).isDifferentiable()
            && varied.carriesDerivative(arg)) {
          boolean instance = callee.primal() != null && callee.primal().instance();
          Stmt.Origin at = e.getValue();
          out.add(new Problem(Message.NO_GRAD_VARIED_ARGUMENT.format(name, describe(arg),
              instance ? k : k + 1,
              callee.primal() != null ? callee.primal().name() : call.name(),
              at.line() > 0 ? "line " + at.line() + ": " + at.excerpt() : "in its body"), -1));
        }
      }
    }
    return out;
  }

  /**
   * What may carry a derivative, more precisely than activity (which gives every local array a
   * shadow): scalar variables computed from differentiable parameters, and the alias classes
   * of arrays that may hold such numbers. Arrays that share memory are in one class, so a stored
   * row or an assigned reference needs no mark of its own. Computed together, to a fixpoint.
   */
  private record Varied(Set<Var> scalars, Set<Var> classes, ArrayEffects effects,
      CalleeTable table) {
    static Varied of(Function f, ArrayEffects effects, CalleeTable table) {
      Varied v = new Varied(new HashSet<>(), new HashSet<>(), effects, table);
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
    boolean carriesDerivative(Expr arg) {
      return arg.type().isArray() || arg.type().hasShadow() ? reference(arg) : number(arg);
    }

    private boolean reference(Expr e) {
      Var root = Exprs.root(e);
      return root != null && (root.isDifferentiableParam()
          || classes.stream().anyMatch(c -> effects.reaches(root, c)));
    }

    /** A number computed from varied scalars, elements of varied arrays or a callee's result. */
    private boolean number(Expr value) {
      boolean[] out = {false};
      Exprs.visit(value, e -> {
        if (e instanceof Expr.Ref r && scalars.contains(r.var())
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
      if (a.target().type().isArray() || a.target().type().hasShadow()) {
        if (fromCall || elements(a.value())) {
          changed = classes.addAll(effects.classesOf(a.target()));
        }
      } else if (!scalars.contains(a.target()) && number(a.value())) {
        scalars.add(a.target());
        changed = true;
      }
      return fromCall ? writtenArguments((Expr.Call) a.value()) | changed : changed;
    }

    /** {@code new double[] {a, 1.0}}, {@code new R(a, x)}: a varied number inside. */
    private boolean elements(Expr value) {
      List<Expr> parts = value instanceof Expr.NewArrayOf n ? n.elements()
          : value instanceof Expr.New n ? n.operands() : List.of();
      for (Expr e : parts) {
        if (e.type().isArray() || e.type().hasShadow() ? elements(e) : number(e)) {
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

  private static String describe(Expr arg) {
    Var root = Exprs.root(arg);
    return root != null && root.kind() != Var.Kind.TEMP ? "a value of " + root.name()
        : "an expression";
  }
}
