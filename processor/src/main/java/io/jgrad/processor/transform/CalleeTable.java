package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.rules.GradCallee;
import java.util.Map;

/** The {@code @Grad} methods a function calls, keyed by {@code owner#name}. */
public record CalleeTable(Map<String, GradCallee> byKey) {
  public static String key(String owner, String name) {
    return owner + "#" + name;
  }

  /** The callee if {@code e} is a call to a {@code @Grad} method, else null. */
  public GradCallee of(Expr e) {
    return e instanceof Expr.Call c ? byKey.get(key(c.owner(), c.name())) : null;
  }
}
