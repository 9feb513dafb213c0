package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.rules.GradCallee;
import java.util.Map;
import java.util.Set;

/**
 * The {@code @Grad} methods a function calls, keyed by {@code owner#name}, which of their
 * array parameters each one writes (a callee compiled elsewhere is assumed to write all of them),
 * and which return a new array rather than (possibly) one of their arguments.
 */
public record CalleeTable(Map<String, GradCallee> byKey, Map<String, Set<Integer>> writes,
    Set<String> freshResults) {
  public static String key(String owner, String name) {
    return owner + "#" + name;
  }

  /** The callee if {@code e} is a call to a {@code @Grad} method, else null. */
  public GradCallee of(Expr e) {
    return e instanceof Expr.Call c ? byKey.get(key(c.owner(), c.name())) : null;
  }

  /**
   * True if the callee is known to write none of its arguments: it then has a forward part and a
   * reverse part, which callers use instead of recomputing it in its adjoint.
   */
  public boolean isSplit(GradCallee callee) {
    Set<Integer> written = writes.get(key(callee.owner(), callee.name()));
    return written != null && written.isEmpty();
  }

  /**
   * True if the array the callee returns may be one of its arguments (or a row of one); false
   * only for callees of this round known to return a new array.
   */
  public boolean mayReturnArgument(GradCallee callee) {
    return !freshResults.contains(key(callee.owner(), callee.name()));
  }

  /** True if the callee may write the array passed as its {@code k}-th argument. */
  public boolean writes(GradCallee callee, int k) {
    Set<Integer> written = writes.get(key(callee.owner(), callee.name()));
    return written == null || written.contains(k);
  }
}
