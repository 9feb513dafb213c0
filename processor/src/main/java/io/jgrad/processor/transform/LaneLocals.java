package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A pass of {@link VectorTangents} over the code it made: a number's tangent used in one loop
 * over the directions only, written there before it is read, becomes a {@code double} local of
 * the loop's body ({@code double t1Dot = ...}) instead of an array over the directions: no array
 * to allocate, and the JIT keeps it in a register.
 */
final class LaneLocals {
  private LaneLocals() {}

  /**
   * {@code body} with such tangents as locals of their loops; their allocations are removed from
   * {@code prologue} and {@code locals} updated.
   *
   * @param laneLoops the loops over the directions, with their counters
   * @param candidate the k-direction variables that may become locals (not parameters)
   */
  static Block apply(Block body, Block prologue, Map<Stmt.Loop, Var> laneLoops,
      Predicate<Var> candidate, List<Var> locals) {
    Map<Var, Integer> uses = new HashMap<>();
    Blocks.visitExprs(body, e -> {
      if (e instanceof Expr.Ref r) {
        uses.merge(r.var(), 1, Integer::sum);
      }
    });
    Map<Var, Var> scalars = new HashMap<>();
    for (Map.Entry<Stmt.Loop, Var> e : laneLoops.entrySet()) {
      Var lane = e.getValue();
      Map<Var, Integer> inLoop = new HashMap<>();
      Set<Var> readFirst = new HashSet<>();
      Set<Var> written = new HashSet<>();
      for (Stmt st : e.getKey().body().stmts()) {
        Set<Var> reads = new HashSet<>();
        Blocks.visitExprs(new Block().add(st), x -> {
          if (x instanceof Expr.Ref r) {
            inLoop.merge(r.var(), 1, Integer::sum);
          }
          if (x instanceof Expr.Index i && i.array() instanceof Expr.Ref r
              && i.index() instanceof Expr.Ref l && l.var() == lane) {
            reads.add(r.var());
          }
        });
        Var target = st instanceof Stmt.Store store && store.array() instanceof Expr.Ref r
            ? r.var() : null;
        if (target != null) {
          reads.remove(target); // the target itself (its value is read only if it appears)
          if (Exprs.vars(store(st).value()).contains(target)) {
            reads.add(target);
          }
        }
        for (Var v : reads) {
          if (!written.contains(v)) {
            readFirst.add(v);
          }
        }
        if (target != null) {
          written.add(target);
        }
      }
      for (Var v : written) {
        if (candidate.test(v) && !readFirst.contains(v) && inLoop.get(v).equals(uses.get(v))) {
          scalars.put(v, new Var(v.name(), Type.DOUBLE, Var.Kind.TEMP));
        }
      }
    }
    if (scalars.isEmpty()) {
      return body;
    }
    locals.removeAll(scalars.keySet());
    locals.addAll(scalars.values());
    prologue.stmts().removeIf(st -> st instanceof Stmt.Assign a && scalars.containsKey(a.target()));
    return withScalars(body, scalars, laneLoops);
  }

  private static Stmt.Store store(Stmt s) {
    return (Stmt.Store) s;
  }

  private static Block withScalars(Block in, Map<Var, Var> scalars,
      Map<Stmt.Loop, Var> laneLoops) {
    Block out = new Block();
    for (Stmt s : in.stmts()) {
      if (s instanceof Stmt.Loop l && laneLoops.containsKey(l)) {
        Block body = new Block();
        for (Stmt st : l.body().stmts()) {
          body.add(scalarStatement(st, scalars));
        }
        Stmt.Loop loop = new Stmt.Loop(l.label(), l.condition(), body, l.update(),
            l.testFirst(), l.origin());
        out.add(loop);
      } else if (s instanceof Stmt.Protected p) {
        out.add(new Stmt.Protected(withScalars(p.body(), scalars, laneLoops), p.onThrow(), p.thrown(),
            p.origin()));
      } else {
        out.add(Blocks.withBlocks(s, b -> withScalars(b, scalars, laneLoops)));
      }
    }
    return out;
  }

  private static Stmt scalarStatement(Stmt s, Map<Var, Var> scalars) {
    if (s instanceof Stmt.Store st && st.array() instanceof Expr.Ref r
        && scalars.containsKey(r.var())) {
      return new Stmt.Assign(scalars.get(r.var()), scalarExpr(st.value(), scalars), st.origin());
    }
    if (s instanceof Stmt.Store st) {
      return new Stmt.Store(scalarExpr(st.array(), scalars), scalarExpr(st.index(), scalars),
          scalarExpr(st.value(), scalars), st.origin());
    }
    if (s instanceof Stmt.Accumulate acc) {
      return new Stmt.Accumulate(scalarExpr(acc.target(), scalars),
          scalarExpr(acc.value(), scalars), acc.origin());
    }
    return s;
  }

  private static Expr scalarExpr(Expr e, Map<Var, Var> scalars) {
    if (e instanceof Expr.Index i && i.array() instanceof Expr.Ref r
        && scalars.containsKey(r.var())) {
      return ref(scalars.get(r.var()));
    }
    return Exprs.mapChildren(e, x -> scalarExpr(x, scalars));
  }
}
