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
 * <p>Works on structured IR (no jumps: {@code Structurize} has run), flow-sensitive, a fixpoint
 * for loops. Conservative: every variable a statement other than a scalar assignment mentions
 * (stores, calls of rules, array pointers) is useful before it.
 */
public final class Usefulness {
  private final Set<Stmt.Assign> deadTargets =
      Collections.newSetFromMap(new IdentityHashMap<>());

  private final Predicate<Expr> isRuleCall;

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
    u.block(function.body(), atEnd);
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
        && !a.target().type().isFloating() && !isRuleCall.test(a.value())) {
      useful.remove(a.target()); // an integer, a boolean: no derivative flows into it
    } else if (s instanceof Stmt.Assign a && a.target().type().isFloating()
        && !isRuleCall.test(a.value())) {
      useful.remove(a.target());
      if (after.contains(a.target())) {
        deadTargets.remove(a); // useful on some pass of an enclosing loop's fixpoint
        useful.addAll(Exprs.vars(a.value()));
      } else {
        deadTargets.add(a);
      }
    } else if (s instanceof Stmt.If i) {
      useful = block(i.then(), after);
      useful.addAll(block(i.otherwise(), after));
    } else if (s instanceof Stmt.Loop l) {
      Set<Var> head = new HashSet<>(after);
      while (true) {
        Set<Var> next = new HashSet<>(head);
        next.addAll(block(l.body(), block(l.update(), head)));
        if (next.equals(head)) {
          break;
        }
        head = next;
      }
      useful = head;
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
