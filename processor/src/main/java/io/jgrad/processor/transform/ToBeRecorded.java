package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;

import io.jgrad.processor.analysis.Activity;
import io.jgrad.processor.analysis.ArrayEffects;
import io.jgrad.processor.analysis.Assignments;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The to-be-recorded analysis of a reverse rule: which variables and array elements the reverse
 * sweep reads, and where, so that the forward sweep keeps an old value only where a derivative
 * (or a callee's reverse part) reads it before the value is overwritten.
 */
final class ToBeRecorded {
  private final Function function;
  private final CalleeTable callees;
  private final Activity activity;
  private final ArrayEffects effects;
  /** Program order of statements, the loops around each, and who reads what on the way back. */
  private final Map<Stmt, Integer> position = new IdentityHashMap<>();
  private final Map<Stmt, List<Stmt.Loop>> enclosingLoops = new IdentityHashMap<>();
  private final Map<Var, List<Stmt>> readers = new HashMap<>();

  ToBeRecorded(Function function, CalleeTable callees, Activity activity, ArrayEffects effects) {
    this.function = function;
    this.callees = callees;
    this.activity = activity;
    this.effects = effects;
    collectNeeded(function.body(), new ArrayDeque<>());
  }

  /** Every variable a derivative reads on the reverse sweep, and where it is read. */
  private void collectNeeded(Block block, Deque<Stmt.Loop> loops) {
    for (Stmt s : block.stmts()) {
      position.put(s, position.size());
      enclosingLoops.put(s, List.copyOf(loops));
      Set<Var> reads = new HashSet<>();
      collectReads(s, reads);
      for (Var v : reads) {
        readers.computeIfAbsent(v, k -> new ArrayList<>()).add(s);
      }
      if (s instanceof Stmt.If i) {
        collectNeeded(i.then(), loops);
        collectNeeded(i.otherwise(), loops);
      } else if (s instanceof Stmt.Loop l) {
        loops.push(l);
        collectNeeded(l.body(), loops);
        collectNeeded(l.update(), loops);
        loops.pop();
      }
    }
  }

  /** The variables the reverse sweep of statement {@code s} itself reads. */
  private void collectReads(Stmt s, Set<Var> reads) {
    if ((s instanceof Stmt.Assign || s instanceof Stmt.Eval) && callees.of(callOf(s)) != null) {
      // the callee's reverse part reads its arguments (arrays: as the call left them)
      for (Expr arg : ((Expr.Call) callOf(s)).args()) {
        reads.addAll(Exprs.vars(arg));
      }
    } else if (s instanceof Stmt.Assign a && activity.isActive(a.target())
        && !a.target().type().isArray() && !a.target().type().hasShadow()) {
      for (LocalDerivatives.Partial p :
          LocalDerivatives.of(a.value(), ref(a.target()), activity)) {
        reads.addAll(Exprs.vars(p.derivative()));
        reads.addAll(Exprs.indexVars(p.operand()));
      }
    } else if (s instanceof Stmt.Store st) {
      reads.addAll(Exprs.indexVars(new Expr.Index(st.array(), st.index(), Type.DOUBLE)));
    } else if (s instanceof Stmt.SetField f) {
      // the reverse sweep puts the old value back into the same object (seed 2501, program 64)
      reads.addAll(Exprs.indexVars(f.field()));
    } else if (s instanceof Stmt.Loop l && countingVariable(l) != null) {
      reads.add(countingVariable(l)); // the reverse loop counts it back down
    }
  }

  /**
   * True if the reverse sweep reads the value {@code a} overwrites: some statement that may run
   * before {@code a} (earlier in the program, or anywhere in a loop around both, {@code a}
   * included) reads the variable in its own reverse. Reads by later statements see the values
   * the forward sweep left.
   */
  boolean oldValueRead(Stmt.Assign a) {
    for (Stmt reader : readers.getOrDefault(a.target(), List.of())) {
      // a itself counts inside a loop: its reverse reads the value of its own iteration
      if (position.get(reader) < position.get(a) || shareLoop(reader, a)) {
        return true;
      }
    }
    return false;
  }

  /** Like {@link #oldValueRead} for an element: any read of an array that may share memory. */
  boolean oldElementRead(Stmt.Store st) {
    Var written = effects.elementClass(st.array());
    for (Map.Entry<Var, List<Stmt>> e : readers.entrySet()) {
      if (!ArrayEffects.holdsMemory(e.getKey().type()) || !effects.reaches(e.getKey(), written)) {
        continue;
      }
      for (Stmt reader : e.getValue()) {
        if (position.get(reader) < position.get(st) || shareLoop(reader, st)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * True if the store may write an argument's memory: the reverse part leaves its arguments as
   * they were on entry (its callers rely on it), so it keeps every element it overwrites there.
   */
  boolean reachesParameter(Stmt.Store st) {
    Var written = effects.elementClass(st.array());
    return function.params().stream()
        .anyMatch(p -> ArrayEffects.holdsMemory(p.type()) && effects.reaches(p, written));
  }

  private boolean shareLoop(Stmt x, Stmt y) {
    for (Stmt.Loop l : enclosingLoops.get(x)) {
      for (Stmt.Loop m : enclosingLoops.get(y)) {
        if (l == m) {
          return true;
        }
      }
    }
    return false;
  }

  static Expr callOf(Stmt s) {
    return s instanceof Stmt.Assign a ? a.value() : ((Stmt.Eval) s).expr();
  }

  /**
   * The counter of a loop of the form {@code while (i < n) { ...; i = i + 1; }} (no break, the
   * only write to the int {@code i} being that last increment), else null.
   */
  static Var countingVariable(Stmt.Loop l) {
    List<Stmt> body = l.body().stmts();
    if (!l.testFirst() || !l.update().isEmpty() || body.isEmpty()
        || !(l.condition() instanceof Expr.Binary c) || !c.op().equals("<")
        || !(c.left() instanceof Expr.Ref r) || !r.var().type().equals(Type.INT)
        || !(body.get(body.size() - 1) instanceof Stmt.Assign last) || last.target() != r.var()
        || !(last.value() instanceof Expr.Binary inc) || !inc.op().equals("+")
        || !(inc.left() instanceof Expr.Ref self) || self.var() != r.var()
        || !(inc.right() instanceof Expr.Lit one) || !one.text().equals("1")) {
      return null;
    }
    List<Stmt.Assign> assigns = new ArrayList<>();
    Assignments.collectAll(l.body(), assigns);
    long writes = assigns.stream().filter(a -> a.target() == r.var()).count();
    return writes == 1 ? r.var() : null;
  }
}
