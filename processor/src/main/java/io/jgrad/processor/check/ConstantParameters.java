package io.jgrad.processor.check;

import io.jgrad.processor.analysis.ArrayEffects;
import io.jgrad.processor.analysis.Varied;
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

  private static String describe(Expr arg) {
    Var root = Exprs.root(arg);
    return root != null && root.kind() != Var.Kind.TEMP ? "a value of " + root.name()
        : "an expression";
  }
}
