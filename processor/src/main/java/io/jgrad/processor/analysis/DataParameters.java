package io.jgrad.processor.analysis;

import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.GradCallee;
import io.jgrad.processor.transform.CalleeTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Helper parameters that every call in the build passes data to (a row of a {@code @NoGrad}
 * matrix, a literal, a number computed from data): treated as if declared {@code @NoGrad}, so
 * the helper's rules take no tangent or adjoint buffer for them and do no work for them.
 * Helpers are not API (their rules are called by this build's rules only), so their callers
 * are all known. Only numbers and arrays of numbers the helper does not write; the receiver of
 * an instance method and constructors' parameters stay as they are.
 *
 * <p>Computed optimistically to a fixpoint: every candidate starts as data, and a parameter
 * some call passes a value that may carry a derivative to ({@link Varied}, with the candidates
 * still standing taken as data) is dropped, until none is; a recursive helper passing its own
 * parameter on keeps it data.
 */
public final class DataParameters {
  private DataParameters() {}

  /**
   * Per helper key, the indices (among its rules' parameters, the receiver first) of the
   * parameters found to be data; {@code helpers} maps the keys of the helpers that may get some
   * to the index of their first ordinary parameter (1 after a receiver).
   */
  public static Map<String, Set<Integer>> of(Map<String, Function> functions,
      Map<String, Integer> helpers, CalleeTable table) {
    if (Boolean.getBoolean("jgrad.noDataParameters")) {
      return Map.of();
    }
    Map<String, Set<Integer>> assumed = new LinkedHashMap<>();
    helpers.forEach((key, first) -> {
      GradCallee callee = table.byKey().get(key);
      if (callee == null || !functions.containsKey(key)
          || functions.get(key).params().size() != callee.parameterTypes().size()) {
        return;
      }
      Set<Integer> ks = new TreeSet<>();
      for (int k = first; k < callee.parameterTypes().size(); k++) {
        Type type = callee.parameterTypes().get(k);
        if (!callee.noGrad().get(k) && (type.isFloating() || type.isFloatingArray()
            && !table.writes(callee, k) && !table.writesArrays(callee, k))) {
          ks.add(k);
        }
      }
      if (!ks.isEmpty()) {
        assumed.put(key, ks);
      }
    });
    boolean changed = !assumed.isEmpty();
    while (changed) {
      changed = false;
      CalleeTable assumedTable = applied(table, assumed);
      for (Map.Entry<String, Function> e : functions.entrySet()) {
        Function f = applied(e.getValue(), assumed.get(e.getKey()));
        changed |= dropVaried(f, assumedTable, assumed);
      }
      assumed.values().removeIf(Set::isEmpty);
    }
    return assumed;
  }

  /** Drops the candidates a call in {@code f} passes a varied value to; true if any. */
  private static boolean dropVaried(Function f, CalleeTable table,
      Map<String, Set<Integer>> assumed) {
    List<Expr.Call> calls = new ArrayList<>();
    Blocks.visitStmts(f.body(), s -> {
      Expr e = s instanceof Stmt.Assign a ? a.value() : s instanceof Stmt.Eval ev ? ev.expr()
          : null;
      GradCallee callee = table.of(e);
      if (callee != null && !assumed.getOrDefault(key(callee), Set.of()).isEmpty()) {
        calls.add((Expr.Call) e);
      }
    });
    if (calls.isEmpty()) {
      return false;
    }
    Varied varied = Varied.of(f, ArrayEffects.of(f, table), table);
    boolean changed = false;
    for (Expr.Call call : calls) {
      Set<Integer> ks = assumed.get(key(table.of(call)));
      changed |= ks.removeIf(k -> varied.carriesDerivative(call.args().get(k)));
    }
    return changed;
  }

  private static String key(GradCallee callee) {
    return CalleeTable.key(callee.owner(), callee.name());
  }

  /** {@code table} with the {@code data} parameters of its callees marked {@code @NoGrad}. */
  public static CalleeTable applied(CalleeTable table, Map<String, Set<Integer>> data) {
    if (data.isEmpty()) {
      return table;
    }
    Map<String, GradCallee> byKey = new HashMap<>(table.byKey());
    data.forEach((key, ks) -> {
      GradCallee c = byKey.get(key);
      List<Boolean> noGrad = new ArrayList<>(c.noGrad());
      ks.forEach(k -> noGrad.set(k, true));
      byKey.put(key, new GradCallee(c.owner(), c.packageName(), c.ruleBase(), c.name(),
          c.parameterTypes(), noGrad, c.returnType(), c.primal(), c.storedArgs()));
    });
    return new CalleeTable(byKey, table.writes(), table.arrayWrites(), table.nested());
  }

  /** {@code f} with its parameters {@code data} (null: none) made {@code @NoGrad}. */
  public static Function applied(Function f, Set<Integer> data) {
    if (data == null || data.isEmpty()) {
      return f;
    }
    Map<Var, Var> renamed = new HashMap<>();
    List<Var> params = new ArrayList<>();
    for (int k = 0; k < f.params().size(); k++) {
      Var p = f.params().get(k);
      if (data.contains(k)) {
        Var constant = Var.constantParam(p.name(), p.type());
        renamed.put(p, constant);
        params.add(constant);
      } else {
        params.add(p);
      }
    }
    return new Function(f.name(), params, f.returnType(), Blocks.renamed(f.body(), renamed),
        f.locals());
  }
}
