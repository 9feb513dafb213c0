package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.GradCallee;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IR -> IR, before differentiation: calls of small methods with rules ({@code v.minus(w)},
 * {@code dot(a, b)}) replaced by their lowered bodies. A call through the callee's split sweeps
 * costs a call pair, the tape traffic of its frame and, for a record result, a tangent object
 * per call; inlined, the caller's own sweeps handle the statements, and activity sees through
 * the call (a data argument makes the callee's work on it passive). The callee's rules are still
 * generated for the callers that do not inline it.
 *
 * <p>Inlined: bodies of at most {@link #MAX_STATEMENTS} statements, ending in their only
 * {@code return}, without throws, labels or calls other than {@code Math} and methods with
 * rules, not recursive; a callee's parameters become locals assigned from the arguments (which
 * the lowering already evaluated in Java's order). The statements keep the call's source line.
 */
public final class Inliner {
  static final int MAX_STATEMENTS = 24;
  /** Rounds of inlining: a callee's own small callees are inlined in the next round. */
  private static final int ROUNDS = 3;

  private final CalleeTable table;
  private final Map<String, Function> bodies;
  private final String self;
  private final Names names;
  private final List<Var> locals;
  private boolean changed;

  private Inliner(Function caller, CalleeTable table, Map<String, Function> bodies,
      String self) {
    this.table = table;
    this.bodies = bodies;
    this.self = self;
    this.names = Names.of(caller);
    this.locals = new ArrayList<>(caller.locals());
  }

  /**
   * {@code caller} with its small callees inlined.
   *
   * @param bodies the lowered functions with rules, by {@link CalleeTable#key}
   * @param self the caller's own key (a recursive call is never inlined)
   */
  public static Function apply(Function caller, CalleeTable table, Map<String, Function> bodies,
      String self) {
    Function f = caller;
    for (int round = 0; round < ROUNDS; round++) {
      Inliner inliner = new Inliner(f, table, bodies, self);
      Block body = inliner.block(f.body());
      if (!inliner.changed) {
        break;
      }
      f = new Function(f.name(), f.params(), f.returnType(), body, inliner.locals);
    }
    return f;
  }

  private Block block(Block in) {
    Block out = new Block();
    for (Stmt s : in.stmts()) {
      if (s instanceof Stmt.Assign a && a.value() instanceof Expr.Call c && inlinable(c, a)) {
        inline(c, a.target(), s.origin(), out);
      } else if (s instanceof Stmt.Eval e && e.expr() instanceof Expr.Call c
          && inlinable(c, null)) {
        inline(c, null, s.origin(), out);
      } else {
        out.add(Blocks.withBlocks(s, this::block));
      }
    }
    return out;
  }

  private Function body(Expr.Call call) {
    GradCallee callee = table.of(call);
    if (callee == null) {
      return null;
    }
    String key = CalleeTable.key(callee.owner(), callee.name());
    boolean constructor = callee.primal() != null && callee.primal().constructor();
    return key.equals(self) || constructor || callee.storedArgs() != null ? null
        : bodies.get(key);
  }

  private boolean inlinable(Expr.Call call, Stmt.Assign assign) {
    Function f = body(call);
    if (f == null || f.params().size() != call.args().size()
        || assign != null && (f.returnType().equals(Type.VOID)
            || !f.returnType().equals(assign.target().type()))) {
      return false;
    }
    List<Stmt> stmts = f.body().stmts();
    boolean valued = !f.returnType().equals(Type.VOID);
    boolean returns = !stmts.isEmpty() && stmts.get(stmts.size() - 1) instanceof Stmt.Return;
    if (valued && !returns) {
      return false;
    }
    int[] count = {0};
    boolean[] ok = {true};
    List<Stmt> body = returns ? stmts.subList(0, stmts.size() - 1) : stmts;
    scan(new Block(body), count, ok, CalleeTable.key(table.of(call).owner(),
        table.of(call).name()));
    if (valued) {
      Exprs.visit(((Stmt.Return) stmts.get(stmts.size() - 1)).value(),
          e -> ok[0] &= allowed(e, null));
    }
    return ok[0] && count[0] <= MAX_STATEMENTS;
  }

  /** Counts statements; clears {@code ok} at anything the inliner does not take. */
  private void scan(Block block, int[] count, boolean[] ok, String calleeKey) {
    for (Stmt s : block.stmts()) {
      count[0]++;
      if (s instanceof Stmt.Return || s instanceof Stmt.Throw || s instanceof Stmt.Protected
          || s instanceof Stmt.Break b && b.label() != null
          || s instanceof Stmt.Continue c && c.label() != null
          || s instanceof Stmt.Loop l && l.label() != null) {
        ok[0] = false;
        return;
      }
      if (s instanceof Stmt.If i) {
        Exprs.visit(i.condition(), e -> ok[0] &= allowed(e, calleeKey));
        scan(i.then(), count, ok, calleeKey);
        scan(i.otherwise(), count, ok, calleeKey);
      } else if (s instanceof Stmt.Loop l) {
        if (l.condition() != null) {
          Exprs.visit(l.condition(), e -> ok[0] &= allowed(e, calleeKey));
        }
        scan(l.body(), count, ok, calleeKey);
        scan(l.update(), count, ok, calleeKey);
      } else {
        Blocks.visitExprs(new Block(List.of(s)),
            e -> ok[0] &= allowed(e, calleeKey));
      }
    }
  }

  /**
   * Calls of {@code Math}, of methods with rules (not the callee itself) and reads of constants
   * that the caller's rule class can reach as the callee's can: a passive method or a private
   * constant of another class is not.
   */
  private boolean allowed(Expr e, String calleeKey) {
    if (e instanceof Expr.Call c) {
      GradCallee g = table.of(c);
      if (g != null) {
        return !CalleeTable.key(g.owner(), g.name()).equals(calleeKey);
      }
      return c.owner().equals("java.lang.Math") || c.owner().equals("java.lang.StrictMath");
    }
    if (e instanceof Expr.StaticField f) {
      return !f.mirrored();
    }
    return !(e instanceof Expr.Invoke);
  }

  /** The callee's statements with fresh variables, the result assigned to {@code target}. */
  private void inline(Expr.Call call, Var target, Stmt.Origin origin, Block out) {
    Function f = body(call);
    changed = true;
    Map<Var, Var> renamed = new HashMap<>();
    Map<Var, Expr> substituted = new HashMap<>();
    Set<Var> assigned = Blocks.assignedAnyhow(f.body());
    for (int k = 0; k < f.params().size(); k++) {
      Var p = f.params().get(k);
      Expr arg = call.args().get(k);
      if (!assigned.contains(p) && arg.type().equals(p.type())
          && (arg instanceof Expr.Ref || arg instanceof Expr.Lit && p.type().isPrimitive())) {
        // the caller's variable or a number, unchanged while the body runs: used directly
        // (not null: null[i] is no Java)
        substituted.put(p, arg);
        continue;
      }
      Var local = new Var(names.fresh(p.name()), p.type(), Var.Kind.LOCAL);
      locals.add(local);
      renamed.put(p, local);
      out.add(new Stmt.Assign(local, call.args().get(k), origin));
    }
    for (Var l : f.locals()) {
      Var copy = new Var(freshName(l), l.type(), l.kind());
      locals.add(copy);
      renamed.put(l, copy);
    }
    Renaming renaming = new Renaming(renamed, substituted, origin);
    List<Stmt> stmts = f.body().stmts();
    for (Stmt s : stmts) {
      if (s instanceof Stmt.Return r) {
        if (target != null && r.value() != null) {
          out.add(new Stmt.Assign(target, renaming.expr(r.value()), origin));
        }
      } else {
        out.add(renaming.stmt(s));
      }
    }
  }

  /** A source local keeps its name (numbered if taken); a temporary takes the next t-number. */
  private String freshName(Var local) {
    if (local.kind() != Var.Kind.TEMP || !local.name().matches("t\\d+")) {
      return names.fresh(local.name());
    }
    int n = 1;
    while (names.isTaken("t" + n)) {
      n++;
    }
    return names.fresh("t" + n);
  }

  /**
   * Variables replaced throughout a statement (parameters used directly by the argument they
   * stand for); every statement gets the call's origin.
   */
  private record Renaming(Map<Var, Var> vars, Map<Var, Expr> substituted, Stmt.Origin origin) {
    Var var(Var v) {
      return vars.getOrDefault(v, v);
    }

    Block block(Block b) {
      Block out = new Block();
      b.stmts().forEach(s -> out.add(stmt(s)));
      return out;
    }

    Stmt stmt(Stmt s) {
      if (s instanceof Stmt.Assign a) {
        return new Stmt.Assign(var(a.target()), expr(a.value()), origin);
      } else if (s instanceof Stmt.Store st) {
        return new Stmt.Store(expr(st.array()), expr(st.index()), expr(st.value()), origin);
      } else if (s instanceof Stmt.SetField f) {
        return new Stmt.SetField((Expr.Field) expr(f.field()), expr(f.value()), origin);
      } else if (s instanceof Stmt.Accumulate a) {
        return new Stmt.Accumulate(expr(a.target()), expr(a.value()), origin);
      } else if (s instanceof Stmt.Eval e) {
        return new Stmt.Eval(expr(e.expr()), origin);
      } else if (s instanceof Stmt.If i) {
        return new Stmt.If(expr(i.condition()), block(i.then()), block(i.otherwise()), origin);
      } else if (s instanceof Stmt.Loop l) {
        return new Stmt.Loop(l.label(), l.condition() == null ? null : expr(l.condition()),
            block(l.body()), block(l.update()), l.testFirst(), origin);
      } else if (s instanceof Stmt.Break b) {
        return new Stmt.Break(b.label(), origin);
      } else if (s instanceof Stmt.Continue c) {
        return new Stmt.Continue(c.label(), origin);
      } else if (s instanceof Stmt.Comment c) {
        return c;
      }
      throw new IllegalStateException("not inlined: " + s);
    }

    Expr expr(Expr e) {
      if (e == null) {
        return null;
      } else if (e instanceof Expr.Ref r) {
        Expr direct = substituted.get(r.var());
        return direct != null ? direct : new Expr.Ref(var(r.var()));
      }
      return Exprs.mapChildren(e, this::expr);
    }
  }
}
