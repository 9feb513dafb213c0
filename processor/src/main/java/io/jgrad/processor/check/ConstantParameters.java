package io.jgrad.processor.check;

import io.jgrad.processor.analysis.Activity;
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
import java.util.List;
import java.util.Set;

/**
 * What a method must not do with {@code @NoGrad} parameters, whose rules have no tangent or
 * adjoint for them: write into a {@code @NoGrad} array or object of its own, or pass a value
 * that carries a derivative to a callee's {@code @NoGrad} parameter (the derivative would be
 * dropped without a word).
 */
public final class ConstantParameters {
  private ConstantParameters() {}

  /** The problems, as messages (empty if none). */
  public static List<String> problems(Function f, String name, CalleeTable table) {
    List<String> out = new ArrayList<>();
    ArrayEffects entry = null;
    for (Var p : f.params()) {
      if (p.isConstant() && ArrayEffects.holdsMemory(p.type())) {
        entry = entry != null ? entry : ArrayEffects.ofEntryArrays(f, table);
        if (entry.isWritten(p) || entry.writesArrays(p)) {
          out.add(Message.NO_GRAD_WRITTEN.format(name, p.name(), p.name(), p.name(), p.name()));
        }
      }
    }
    List<Expr.Call> calls = new ArrayList<>();
    Blocks.visitExprs(f.body(), e -> {
      if (e instanceof Expr.Call c && table.of(c) != null
          && table.of(c).noGrad().contains(Boolean.TRUE)) {
        calls.add(c);
      }
    });
    if (calls.isEmpty()) {
      return out;
    }
    Set<Var> varied = Activity.varied(f);
    ArrayEffects effects = ArrayEffects.of(f, table);
    Set<Var> variedClasses = variedArrays(f.body(), varied, effects, table);
    for (Expr.Call call : calls) {
      GradCallee callee = table.of(call);
      for (int k = 0; k < call.args().size(); k++) {
        Expr arg = call.args().get(k);
        if (callee.noGrad().get(k) && callee.parameterTypes().get(k).isDifferentiable()
            && carriesDerivative(arg, varied, effects, variedClasses)) {
          boolean instance = callee.primal() != null && callee.primal().instance();
          out.add(Message.NO_GRAD_VARIED_ARGUMENT.format(name, describe(arg),
              instance ? k : k + 1,
              callee.primal() != null ? callee.primal().name() : call.name()));
        }
      }
    }
    return out;
  }

  /**
   * True if an argument may carry a derivative: a varied scalar variable, or an element of or
   * reference to an array or record that may hold one.
   */
  private static boolean carriesDerivative(Expr arg, Set<Var> varied, ArrayEffects effects,
      Set<Var> variedClasses) {
    Var root = Exprs.root(arg);
    if (root == null) {
      return false; // a literal or a constant
    }
    boolean reference = arg.type().isArray() || arg.type().hasShadow();
    if (arg instanceof Expr.Ref && !reference) {
      return varied.contains(root);
    }
    return root.isDifferentiableParam() || root.isConstant() && varied.contains(root)
        || variedClasses.stream().anyMatch(c -> effects.reaches(root, c));
  }

  /**
   * The alias classes of arrays that may hold a value with a derivative: stored into, or
   * assigned from a call or from a differentiable parameter's memory.
   */
  private static Set<Var> variedArrays(Block block, Set<Var> varied, ArrayEffects effects,
      CalleeTable table) {
    Set<Var> out = new HashSet<>();
    collect(block, varied, effects, table, out);
    return out;
  }

  private static void collect(Block block, Set<Var> varied, ArrayEffects effects,
      CalleeTable table, Set<Var> out) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Store st && variedValue(st.value(), varied)) {
        add(effects.elementClass(st.array()), out);
      } else if (s instanceof Stmt.Accumulate ac && variedValue(ac.value(), varied)) {
        if (ac.target() instanceof Expr.Index i) {
          add(effects.elementClass(i.array()), out);
        }
      } else if (s instanceof Stmt.SetField sf && variedValue(sf.value(), varied)) {
        Var root = Exprs.root(sf.field().target());
        if (root != null) {
          add(effects.classOf(root), out);
        }
      } else if (s instanceof Stmt.Assign a
          && (a.target().type().isArray() || a.target().type().hasShadow())) {
        boolean fromCall = a.value() instanceof Expr.Call c && table.of(c) != null;
        Var root = Exprs.root(a.value());
        if (fromCall || a.value() instanceof Expr.New || root != null
            && root.isDifferentiableParam()) {
          add(effects.classOf(a.target()), out);
        }
      } else if (s instanceof Stmt.Eval e && e.expr() instanceof Expr.Call c
          && table.of(c) != null) {
        for (Expr arg : c.args()) { // a callee may write its array arguments
          Var root = Exprs.root(arg);
          if (root != null && (arg.type().isArray() || arg.type().hasShadow())) {
            add(effects.classOf(root), out);
          }
        }
      } else if (s instanceof Stmt.If i) {
        collect(i.then(), varied, effects, table, out);
        collect(i.otherwise(), varied, effects, table, out);
      } else if (s instanceof Stmt.Loop l) {
        collect(l.body(), varied, effects, table, out);
        collect(l.update(), varied, effects, table, out);
      } else if (s instanceof Stmt.Protected p) {
        collect(p.body(), varied, effects, table, out);
        collect(p.onThrow(), varied, effects, table, out);
      }
    }
  }

  private static boolean variedValue(Expr value, Set<Var> varied) {
    return Exprs.vars(value).stream().anyMatch(varied::contains);
  }

  private static void add(Var c, Set<Var> out) {
    if (c != null) {
      out.add(c);
    }
  }

  private static String describe(Expr arg) {
    Var root = Exprs.root(arg);
    return root != null && root.kind() != Var.Kind.TEMP ? "a value of " + root.name()
        : "an expression";
  }
}
