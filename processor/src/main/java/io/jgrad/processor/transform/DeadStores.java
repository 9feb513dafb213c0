package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IR -> IR: removes assignments to temporaries whose value nothing reads afterwards, typically
 * the reset of an adjoint ({@code t1Bar = 0.0}) after its last use, or an adjoint accumulated
 * and never read. Backward liveness over the structured IR (a fixpoint for loops). Only
 * temporaries the transforms and the lowering made are touched, and only where the value has
 * no effect: a tape pop, a call, an integer division stay.
 */
public final class DeadStores {
  /** Live variables after each loop's body, from the fixpoint. */
  private final Map<Stmt.Loop, Set<Var>> liveAtLoopEnd = new IdentityHashMap<>();
  private final Set<Var> removable;
  /** Variables whose assignments may be dropped even where they read elements. */
  private final Set<Var> elementsFree;

  private DeadStores(Set<Var> removable, Set<Var> elementsFree) {
    this.removable = removable;
    this.elementsFree = elementsFree;
  }

  public static Function apply(Function f) {
    return apply(f, Set.of());
  }

  /**
   * As {@link #apply(Function)}, for second-order code: a dead tangent's element reads
   * ({@code aDot = -xDot[i]} next to {@code a = 1.0 - x[i]}) mirror the value's reads of the same
   * elements, which stay, so removing them removes no exception the arguments can cause;
   * {@code tangents} are the variables holding tangents.
   */
  public static Function applyToTangents(Function f, Set<Var> tangents) {
    return apply(f, tangents);
  }

  /**
   * As {@link #apply(Function)}, for a reverse part: the assignments to {@code recomputed}
   * (variables assigned only where the reverse sweep computes a loop's iterations again, or reads
   * a value again) read the elements the primal's iterations read, with the same indices, so
   * they cannot throw; dead ones go even for the user's variables ({@code double[] yi = y[i]}
   * read again where only {@code yiBar} is used).
   */
  public static Function applyToRecomputed(Function f, Set<Var> recomputed) {
    return apply(f, recomputed, recomputed);
  }

  /**
   * As {@link #apply(Function)}, where dead assignments to {@code counters} too are removed
   * (loop counters of the user's that a pass set back after a loop nothing reads them after).
   */
  public static Function applyWithCounters(Function f, Set<Var> counters) {
    return apply(f, Set.of(), counters);
  }

  private static Function apply(Function f, Set<Var> elementsFree) {
    return apply(f, elementsFree, Set.of());
  }

  private static Function apply(Function f, Set<Var> elementsFree, Set<Var> counters) {
    if (hasJumps(f.body())) {
      return f; // the liveness here follows structured control flow only
    }
    Set<Var> removable = new HashSet<>(counters);
    for (Var v : f.locals()) {
      if (v.kind() == Var.Kind.TEMP) {
        removable.add(v);
      }
    }
    DeadStores pass = new DeadStores(removable, elementsFree);
    pass.live(f.body(), new HashSet<>()); // fixpoints for the loops
    Block body = pass.sweep(f.body(), new HashSet<>());
    return new Function(f.name(), f.params(), f.returnType(), body, f.locals());
  }

  private static boolean hasJumps(Block block) {
    for (Stmt s : block.stmts()) {
      if (s instanceof Stmt.Break || s instanceof Stmt.Continue
          || s instanceof Stmt.If i && (hasJumps(i.then()) || hasJumps(i.otherwise()))
          || s instanceof Stmt.Loop l && (hasJumps(l.body()) || hasJumps(l.update()))
          || s instanceof Stmt.Protected p && (hasJumps(p.body()) || hasJumps(p.onThrow()))) {
        return true;
      }
    }
    return false;
  }

  /** Variables live before {@code block}, given those live after it. */
  private Set<Var> live(Block block, Set<Var> after) {
    Set<Var> live = new HashSet<>(after);
    List<Stmt> stmts = block.stmts();
    for (int k = stmts.size() - 1; k >= 0; k--) {
      live = live(stmts.get(k), live);
    }
    return live;
  }

  private Set<Var> live(Stmt s, Set<Var> after) {
    Set<Var> live = new HashSet<>(after);
    if (s instanceof Stmt.Assign a) {
      if (isDead(a, after)) {
        return live;
      }
      live.remove(a.target());
      live.addAll(Exprs.vars(a.value()));
    } else if (s instanceof Stmt.Accumulate a) {
      if (isDead(a, after)) {
        return live;
      }
      live.addAll(Exprs.vars(a.target()));
      live.addAll(Exprs.vars(a.value()));
    } else if (s instanceof Stmt.If i) {
      live = live(i.then(), after);
      live.addAll(live(i.otherwise(), after));
      live.addAll(Exprs.vars(i.condition()));
    } else if (s instanceof Stmt.Loop l) {
      live = loop(l, after);
    } else if (s instanceof Stmt.Protected p) {
      Set<Var> handler = live(p.onThrow(), new HashSet<>());
      Set<Var> throughout = new HashSet<>(after);
      throughout.addAll(handler); // the handler may run after any statement of the body
      live = live(p.body(), throughout);
      live.addAll(handler);
    } else {
      live.addAll(reads(s));
    }
    return live;
  }

  /** Live before the loop; records what is live at the end of its body. */
  private Set<Var> loop(Stmt.Loop l, Set<Var> after) {
    Set<Var> condition = l.condition() == null ? Set.of() : Exprs.vars(l.condition());
    // at the end of the body: the condition is tested, then either the body again or after
    Set<Var> atEnd = new HashSet<>(after);
    atEnd.addAll(condition);
    while (true) {
      Set<Var> beforeBody = live(l.update(), atEnd);
      beforeBody = live(l.body(), beforeBody);
      Set<Var> next = new HashSet<>(atEnd);
      next.addAll(beforeBody);
      if (next.equals(atEnd)) {
        break;
      }
      atEnd = next;
    }
    liveAtLoopEnd.put(l, atEnd);
    Set<Var> beforeBody = live(l.body(), live(l.update(), atEnd));
    Set<Var> before = new HashSet<>(beforeBody);
    if (l.testFirst()) {
      before.addAll(after);
      before.addAll(condition);
    }
    return before;
  }

  /** The block without its dead stores; {@code after} is what is live after it. */
  private Block sweep(Block block, Set<Var> after) {
    List<Stmt> stmts = block.stmts();
    Stmt[] kept = new Stmt[stmts.size()];
    Set<Var> live = new HashSet<>(after);
    for (int k = stmts.size() - 1; k >= 0; k--) {
      Stmt s = stmts.get(k);
      if ((s instanceof Stmt.Assign || s instanceof Stmt.Accumulate) && isDead(s, live)) {
        continue;
      }
      kept[k] = rebuild(s, live);
      live = live(s, live);
      if (kept[k] instanceof Stmt.If i && i.then().isEmpty() && i.otherwise().isEmpty()) {
        // nothing left in the branches: only the condition's effect (a tape pop, an element
        // read that may throw) remains; Java takes only a call as a statement of its own
        Expr condition = withoutNegation(i.condition());
        kept[k] = hasNoEffect(i.condition(), false) ? null
            : condition instanceof Expr.Call || condition instanceof Expr.Invoke
                ? new Stmt.Eval(condition, i.origin())
                : kept[k];
      }
    }
    Block out = new Block();
    for (Stmt s : kept) {
      if (s != null) {
        out.add(s);
      }
    }
    return out;
  }

  private Stmt rebuild(Stmt s, Set<Var> after) {
    if (s instanceof Stmt.If i) {
      return new Stmt.If(i.condition(), sweep(i.then(), after), sweep(i.otherwise(), after),
          i.origin());
    }
    if (s instanceof Stmt.Loop l) {
      Set<Var> atEnd = liveAtLoopEnd.get(l);
      return new Stmt.Loop(l.label(), l.condition(), sweep(l.body(), live(l.update(), atEnd)),
          sweep(l.update(), atEnd), l.testFirst(), l.origin());
    }
    if (s instanceof Stmt.Protected p) {
      Set<Var> throughout = new HashSet<>(after);
      throughout.addAll(live(p.onThrow(), new HashSet<>()));
      return new Stmt.Protected(sweep(p.body(), throughout), p.onThrow(), p.thrown(),
          p.origin());
    }
    return s;
  }

  private static Expr withoutNegation(Expr e) {
    return e instanceof Expr.Unary u && u.op().equals("!") ? withoutNegation(u.operand()) : e;
  }

  private boolean isDead(Stmt s, Set<Var> after) {
    if (s instanceof Stmt.Assign a) {
      return removable.contains(a.target()) && !after.contains(a.target())
          && hasNoEffect(a.value(), elementsFree.contains(a.target()));
    }
    if (s instanceof Stmt.Accumulate a && a.target() instanceof Expr.Ref r) {
      return removable.contains(r.var()) && !after.contains(r.var())
          && hasNoEffect(a.value(), elementsFree.contains(r.var()));
    }
    return false;
  }

  /**
   * True if evaluating {@code e} cannot change anything or throw (no calls but Math; element
   * reads only if {@code elements}: a condition's stay, the primal's exception with them).
   */
  private static boolean hasNoEffect(Expr e, boolean elements) {
    boolean[] effect = {false};
    Exprs.visit(e, x -> {
      if (x instanceof Expr.Invoke || x instanceof Expr.New || x instanceof Expr.NewArray
          || x instanceof Expr.NewArrayOf
          || x instanceof Expr.Call c && !c.owner().equals("java.lang.Math")
              && !c.owner().equals("java.lang.StrictMath")
          || x instanceof Expr.Binary b && (b.op().equals("/") || b.op().equals("%"))
              && !b.type().isFloating()
          || x instanceof Expr.Index && !elements) {
        effect[0] = true;
      }
    });
    return !effect[0];
  }

  private static Set<Var> reads(Stmt s) {
    Set<Var> out = new LinkedHashSet<>();
    if (s instanceof Stmt.Store st) {
      out.addAll(Exprs.vars(st.array()));
      out.addAll(Exprs.vars(st.index()));
      out.addAll(Exprs.vars(st.value()));
    } else if (s instanceof Stmt.SetField f) {
      out.addAll(Exprs.vars(f.field()));
      out.addAll(Exprs.vars(f.value()));
    } else if (s instanceof Stmt.Eval e) {
      out.addAll(Exprs.vars(e.expr()));
    } else if (s instanceof Stmt.Return r && r.value() != null) {
      out.addAll(Exprs.vars(r.value()));
    } else if (s instanceof Stmt.Throw t) {
      out.addAll(Exprs.vars(t.exception()));
    }
    return out;
  }
}
