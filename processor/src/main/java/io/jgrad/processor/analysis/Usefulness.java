package io.jgrad.processor.analysis;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Usefulness, the backward counterpart of {@link Activity}: after which assignments a scalar
 * variable's value can still reach an output (the result, an array's contents, a call). An
 * assignment whose target is not useful afterwards gets no adjoint propagation: the target's
 * adjoint is zero there, and multiplying it by a partial that overflowed ({@code d *= d} until
 * {@code d} is infinite, in a variable nothing reads any more) would turn the zero into NaN
 * and pour it into the adjoints of the operands.
 *
 * <p>Works on structured IR (no jumps: {@code Structurize} has run), flow-sensitive. Loops are
 * solved by whole-function passes that keep each loop's head set between passes (sets only
 * grow), not by a fixpoint per loop inside the fixpoint of the loop around it, which is
 * exponential in the nesting depth. Conservative: every variable a statement other than a scalar assignment mentions
 * (stores, calls of rules, array pointers) is useful before it.
 */
public final class Usefulness {
  private final Set<Stmt.Assign> deadTargets =
      Collections.newSetFromMap(new IdentityHashMap<>());

  private final Predicate<Expr> isRuleCall;
  /** What is useful at each loop's head, as far as the passes so far have found. */
  private final java.util.Map<Stmt.Loop, Set<Var>> heads = new IdentityHashMap<>();
  private boolean changed;

  private Usefulness(Predicate<Expr> isRuleCall) {
    this.isRuleCall = isRuleCall;
  }

  /** {@code result}: the variable holding the returned value (null for a void function). */
  public static Usefulness of(Function function, Var result, Predicate<Expr> isRuleCall) {
    Usefulness u = new Usefulness(isRuleCall);
    Set<Var> atEnd = new HashSet<>();
    if (result != null) {
      atEnd.add(result);
    }
    do {
      u.changed = false;
      u.deadTargets.clear();
      u.block(function.body(), atEnd);
    } while (u.changed);
    return u;
  }

  /** True if nothing after {@code a} reads its target's value on a way to an output. */
  public boolean targetUseless(Stmt.Assign a) {
    return deadTargets.contains(a);
  }

  private Set<Var> block(Block block, Set<Var> after) {
    Set<Var> useful = after;
    List<Stmt> stmts = block.stmts();
    for (int k = stmts.size() - 1; k >= 0; k--) {
      useful = statement(stmts.get(k), useful);
    }
    return useful;
  }

  private Set<Var> statement(Stmt s, Set<Var> after) {
    Set<Var> useful = new HashSet<>(after);
    if (s instanceof Stmt.Assign a && !a.target().type().isArray()
        && !a.target().type().hasShadow() && !a.target().type().isFloating() && !isRuleCall.test(a.value())) {
      useful.remove(a.target()); // an integer, a boolean: no derivative flows into it
    } else if (s instanceof Stmt.Assign a && a.target().type().isFloating()
        && !isRuleCall.test(a.value())) {
      useful.remove(a.target());
      if (after.contains(a.target())) {
        deadTargets.remove(a); // useful on some way through an enclosing loop
        useful.addAll(Exprs.vars(a.value()));
      } else {
        deadTargets.add(a);
      }
    } else if (s instanceof Stmt.If i) {
      useful = block(i.then(), after);
      useful.addAll(block(i.otherwise(), after));
    } else if (s instanceof Stmt.Loop l) {
      // useful at the head: what is useful after the loop, or before another pass of the body
      Set<Var> head = heads.computeIfAbsent(l, k -> new HashSet<>());
      changed |= head.addAll(after);
      Set<Var> beforeBody = block(l.body(), block(l.update(), new HashSet<>(head)));
      changed |= head.addAll(beforeBody);
      useful = new HashSet<>(head);
    } else {
      useful.addAll(mentioned(s));
    }
    return useful;
  }

  private static Set<Var> mentioned(Stmt s) {
    Set<Var> vars = new HashSet<>();
    if (s instanceof Stmt.Assign a) {
      vars.add(a.target());
      vars.addAll(Exprs.vars(a.value()));
    } else if (s instanceof Stmt.Store st) {
      vars.addAll(Exprs.vars(st.array()));
      vars.addAll(Exprs.vars(st.value()));
    } else if (s instanceof Stmt.SetField f) {
      vars.addAll(Exprs.vars(f.field()));
      vars.addAll(Exprs.vars(f.value()));
    } else if (s instanceof Stmt.Accumulate a) {
      vars.addAll(Exprs.vars(a.target()));
      vars.addAll(Exprs.vars(a.value()));
    } else if (s instanceof Stmt.Eval e) {
      vars.addAll(Exprs.vars(e.expr()));
    } else if (s instanceof Stmt.Throw t) {
      vars.addAll(Exprs.vars(t.exception()));
    } else if (s instanceof Stmt.Return r && r.value() != null) {
      vars.addAll(Exprs.vars(r.value()));
    } else if (s instanceof Stmt.Protected p) {
      throw new IllegalStateException("unexpected statement after structuring: " + s);
    }
    return vars;
  }
}
