package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.rules.GradCallee;
import java.util.Map;
import java.util.Set;

/**
 * The {@code @Grad} methods a function calls, keyed by {@code owner#name}, and which of their
 * array parameters each one writes (a callee compiled elsewhere is assumed to write all of them).
 */
public record CalleeTable(Map<String, GradCallee> byKey, Map<String, Set<Integer>> writes) {
  public static String key(String owner, String name) {
    return owner + "#" + name;
  }

  /** The callee if {@code e} is a call to a {@code @Grad} method, else null. */
  public GradCallee of(Expr e) {
    return e instanceof Expr.Call c ? byKey.get(key(c.owner(), c.name())) : null;
  }

  /** True if the callee may write the array passed as its {@code k}-th argument. */
  public boolean writes(GradCallee callee, int k) {
    Set<Integer> written = writes.get(key(callee.owner(), callee.name()));
    return written == null || written.contains(k);
  }
}
