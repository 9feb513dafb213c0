package io.jgrad.processor.transform;

import io.jgrad.processor.analysis.ArrayEffects;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.List;

/**
 * IR -> IR: when a method writes an array parameter (or a {@code @Grad} method an object
 * parameter), passing the same array (object) for two parameters would give wrong derivatives
 * (each has its own tangent or adjoint buffer), so the rules check at entry and throw instead.
 */
public final class AliasGuards {
  private static final String SNAPSHOTS = "io.jgrad.tape.Snapshots";

  private AliasGuards() {}

  private static Stmt guard(String check, Var a, Var b, Expr names) {
    return guard(check, new Expr.Ref(a), new Expr.Ref(b), names);
  }

  private static Stmt guard(String check, Expr a, Expr b, Expr names) {
    return new Stmt.Eval(new Expr.Call(SNAPSHOTS, check, List.of(a, b, names), Type.VOID),
        Stmt.Origin.NONE);
  }

  public static Function apply(Function function, CalleeTable callees, boolean entryPoint) {
    Block body = guards(function, callees, entryPoint);
    if (body.isEmpty()) {
      return function;
    }
    body.addAll(function.body());
    return new Function(function.name(), function.params(), function.returnType(), body,
        function.locals());
  }

  /**
   * The checks alone, for entry points that do not run the function's own code first. Objects
   * are checked only for {@code entryPoint}s: inside the rules an object's adjoint follows it
   * wherever it is passed, so a helper may be given one object twice.
   */
  public static Block guards(Function function, CalleeTable callees, boolean entryPoint) {
    ArrayEffects effects = ArrayEffects.ofEntryArrays(function, callees);
    Block body = new Block();
    List<Var> params = function.params();
    for (int i = 0; i < params.size(); i++) {
      for (int j = i + 1; j < params.size(); j++) {
        Var p = params.get(i);
        Var q = params.get(j);
        // arrays of data have no tangents to mix up: aliasing them is the primal's business
        if (entryPoint && ObjectStates.reachesMutable(p.type()) && p.type().equals(q.type())
            && (effects.isWritten(p) || effects.isWritten(q))) {
          // one object (or array of objects) passed twice: its two adjoints would differ
          body.add(guard("requireDistinct", p, q, new Expr.Lit(Type.STRING,
              "\"parameters " + p.name() + " and " + q.name() + "\"")));
          continue;
        }
        // a double[] cannot be a row of a float[][]: only arrays of one element type alias
        if (!p.type().isFloatingArray() || !q.type().isFloatingArray()
            || !p.type().primitiveName().equals(q.type().primitiveName())
            || !(effects.isWritten(p) || effects.isWritten(q))) {
          continue;
        }
        Expr names = new Expr.Lit(Type.STRING,
            "\"parameters " + p.name() + " and " + q.name() + "\"");
        if (p.type().equals(q.type())) {
          body.add(guard("requireDistinct", p, q, names));
        } else if (p.type().dimensions() == 1 && q.type().dimensions() == 2) {
          body.add(guard("requireNotRow", p, q, names));
        } else if (p.type().dimensions() == 2 && q.type().dimensions() == 1) {
          body.add(guard("requireNotRow", q, p, names));
        }
      }
    }
    // a written array must not be one a record argument holds (the record reads it)
    for (Var p : params) {
      if (!p.type().isFloatingArray() || !effects.isWritten(p)) {
        continue;
      }
      for (Var q : params) {
        if (q.type().shape() == null || q.type().isArray() || !q.type().shape().holdsArrays()) {
          continue;
        }
        for (Expr held : Exprs.heldArrays(new Expr.Ref(q))) {
          if (!held.type().isFloatingArray()
              || !held.type().primitiveName().equals(p.type().primitiveName())) {
            continue;
          }
          Expr names = new Expr.Lit(Type.STRING, "\"parameter " + p.name() + " and "
              + pathName(held) + "\"");
          if (held.type().equals(p.type())) {
            body.add(guard("requireDistinct", new Expr.Ref(p), held, names));
          } else if (p.type().dimensions() == 1 && held.type().dimensions() == 2) {
            body.add(guard("requireNotRow", new Expr.Ref(p), held, names));
          } else if (p.type().dimensions() == 2 && held.type().dimensions() == 1) {
            body.add(guard("requireNotRow", held, new Expr.Ref(p), names));
          }
        }
      }
    }
    return body;
  }

  /** {@code t.inner.w} for a component path. */
  private static String pathName(Expr path) {
    return path instanceof Expr.Field f ? pathName(f.target()) + "." + f.name()
        : ((Expr.Ref) path).var().name();
  }
}
