package io.jgrad.processor.transform;

import io.jgrad.processor.analysis.ArrayEffects;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.List;

/**
 * IR -> IR: when a method writes an array parameter, passing the same array for two parameters
 * would give wrong derivatives (each has its own tangent or adjoint buffer), so the rules check
 * at entry and throw instead.
 */
public final class AliasGuards {
  private static final String SNAPSHOTS = "io.jgrad.tape.Snapshots";

  private AliasGuards() {}

  public static Function apply(Function function, CalleeTable callees) {
    ArrayEffects effects = ArrayEffects.of(function, callees);
    Block body = new Block();
    List<Var> params = function.params();
    for (int i = 0; i < params.size(); i++) {
      for (int j = i + 1; j < params.size(); j++) {
        Var p = params.get(i);
        Var q = params.get(j);
        if (p.type().isArray() && p.type().equals(q.type())
            && (effects.isWritten(p) || effects.isWritten(q))) {
          String names = "\"parameters " + p.name() + " and " + q.name() + "\"";
          body.add(new Stmt.Eval(new Expr.Call(SNAPSHOTS, "requireDistinct", List.of(
              new Expr.Ref(p), new Expr.Ref(q), new Expr.Lit(Type.STRING, names)), Type.VOID),
              Stmt.Origin.NONE));
        }
      }
    }
    if (body.isEmpty()) {
      return function;
    }
    body.addAll(function.body());
    return new Function(function.name(), function.params(), function.returnType(), body,
        function.locals());
  }
}
