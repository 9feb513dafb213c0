package io.jgrad.processor.transform;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Var;
import io.jgrad.processor.rules.MathRules;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Adjoints a reverse sweep computes that can be computed before a loop of the forward sweep
 * already, for {@link FusedLoops}: from the seed and from values that are final there. {@code
 * return lp + ll} gives {@code resultBar = seed; t1Bar += resultBar; llBar += t1Bar}, which
 * {@code fAdjoint} can run before the loop that sums {@code ll}.
 *
 * <p>The slice of an adjoint is the reverse statements its final value depends on: the last
 * writes of it, then the last writes of what those read, back to the seed and to values nothing
 * assigns from the loop on. Every statement in it must be an assignment or accumulation of a
 * number's adjoint, not nested in a branch or loop, whose value is arithmetic or a {@code Math}
 * call over literals and variables (no element, field or call, which could throw or see other
 * values), and an adjoint it reads before any write must start at zero. Copies of those
 * statements, each writing a copy of its adjoint, compute the same values before the loop; the
 * reverse sweep itself is left as it is.
 */
final class AdjointSlice {
  private final List<Stmt> after;
  private final Set<Var> adjoints;
  private final Predicate<Var> finalBefore;
  private final Set<Var> writtenGoingForward;
  private final List<Set<Var>> writes = new ArrayList<>();
  private final Set<Integer> slice = new TreeSet<>();
  /** The (variable, position) pairs already followed. */
  private final Map<Var, Set<Integer>> seen = new HashMap<>();

  private AdjointSlice(List<Stmt> after, Set<Var> adjoints, Predicate<Var> finalBefore,
      Set<Var> writtenGoingForward) {
    this.after = after;
    this.adjoints = adjoints;
    this.finalBefore = finalBefore;
    this.writtenGoingForward = writtenGoingForward;
    for (Stmt s : after) {
      writes.add(Blocks.assignedAnyhow(new Block().add(s)));
    }
  }

  /** Copies of the statements that compute some adjoints early, and the copy of each adjoint. */
  record Copies(List<Stmt> statements, Map<Var, Var> copyOf) {}

  /**
   * Copies computing the final values {@code targets} get in {@code after}, or null if some
   * cannot be computed before the loop.
   *
   * @param after the reverse code that runs before the loop's reverse, in order
   * @param adjoints the adjoint variables of numbers, which only reverse code writes
   * @param finalBefore true for a value (not an adjoint) that nothing assigns from the loop on
   * @param writtenGoingForward adjoints the forward sweep writes (other fused loops): not zero
   *     where the reverse sweep starts
   * @param copy makes the variable a copy of an adjoint is written into
   */
  static Copies of(List<Stmt> after, Set<Var> targets, Set<Var> adjoints,
      Predicate<Var> finalBefore, Set<Var> writtenGoingForward, UnaryOperator<Var> copy) {
    AdjointSlice s = new AdjointSlice(after, adjoints, finalBefore, writtenGoingForward);
    for (Var t : targets) {
      if (!s.need(t, after.size())) {
        return null;
      }
    }
    Map<Var, Var> copyOf = new LinkedHashMap<>();
    for (int q : s.slice) {
      copyOf.computeIfAbsent(target(after.get(q)), copy);
    }
    UnaryOperator<Expr> renamed = new UnaryOperator<>() {
      @Override
      public Expr apply(Expr e) {
        return e instanceof Expr.Ref r && copyOf.containsKey(r.var())
            ? new Expr.Ref(copyOf.get(r.var())) : Exprs.mapChildren(e, this);
      }
    };
    List<Stmt> statements = new ArrayList<>();
    for (int q : s.slice) {
      Stmt st = after.get(q);
      Var to = copyOf.get(target(st));
      statements.add(st instanceof Stmt.Assign a
          ? new Stmt.Assign(to, renamed.apply(a.value()), a.origin())
          : new Stmt.Accumulate(new Expr.Ref(to), renamed.apply(value(st)), st.origin()));
    }
    return new Copies(statements, copyOf);
  }

  /**
   * True if the value {@code u} has just before {@code after[p]} can be computed early; adds
   * the statements it takes to the slice.
   */
  private boolean need(Var u, int p) {
    if (!seen.computeIfAbsent(u, k -> new HashSet<>()).add(p)) {
      return true;
    }
    if (!adjoints.contains(u)) {
      return finalBefore.test(u);
    }
    for (int q = p - 1; q >= 0; q--) {
      if (!writes.get(q).contains(u)) {
        continue;
      }
      Stmt s = after.get(q);
      if (!candidate(s)) {
        return false;
      }
      if (slice.add(q)) {
        for (Var w : Exprs.vars(value(s))) {
          if (!need(w, q)) {
            return false;
          }
        }
      }
      if (s instanceof Stmt.Assign) {
        return true; // what u held before does not matter
      }
    }
    return !writtenGoingForward.contains(u); // zero where the reverse sweep starts
  }

  private boolean candidate(Stmt s) {
    boolean scalar = s instanceof Stmt.Assign
        || s instanceof Stmt.Accumulate a && a.target() instanceof Expr.Ref;
    return scalar && adjoints.contains(target(s)) && pure(value(s));
  }

  private static Var target(Stmt s) {
    return s instanceof Stmt.Assign a ? a.target()
        : ((Expr.Ref) ((Stmt.Accumulate) s).target()).var();
  }

  private static Expr value(Stmt s) {
    return s instanceof Stmt.Assign a ? a.value() : ((Stmt.Accumulate) s).value();
  }

  /** Arithmetic over literals and primitive variables, and {@code Math} calls of such. */
  private static boolean pure(Expr e) {
    boolean[] ok = {true};
    Exprs.visit(e, x -> ok[0] &= x instanceof Expr.Lit l && l.type().isPrimitive()
        || x instanceof Expr.Ref r && r.type().isPrimitive()
        || x instanceof Expr.Unary || x instanceof Expr.Cast || x instanceof Expr.Conditional
        || x instanceof Expr.Binary b && !(b.type().isIntegral()
            && (b.op().equals("/") || b.op().equals("%")))
        || x instanceof Expr.Call c && MathRules.OWNERS.contains(c.owner()));
    return ok[0];
  }

  /**
   * {@code f} with each copy named as its adjoint ({@code sBar}, not {@code sBar2}) where the
   * adjoint itself is no longer used (once dead stores are gone, typically all of the reverse
   * code after a fused sum); {@code originalOf}: the adjoint of each copy.
   */
  static io.jgrad.processor.ir.Function namedAsOriginals(io.jgrad.processor.ir.Function f,
      Map<Var, Var> originalOf) {
    Set<Var> mentioned = new HashSet<>();
    Blocks.visitStmts(f.body(), s -> {
      Blocks.ownExprs(s).forEach(e -> mentioned.addAll(Exprs.vars(e)));
      if (s instanceof Stmt.Assign a) {
        mentioned.add(a.target());
      }
    });
    Map<Var, Var> names = new HashMap<>();
    originalOf.forEach((copy, original) -> {
      if (!mentioned.contains(original)) {
        names.put(copy, original);
      }
    });
    if (names.isEmpty()) {
      return f;
    }
    List<Var> locals = new ArrayList<>(f.locals());
    locals.removeAll(names.keySet());
    names.values().stream().filter(v -> !locals.contains(v)).forEach(locals::add);
    return new io.jgrad.processor.ir.Function(f.name(), f.params(), f.returnType(),
        Blocks.renamed(f.body(), names), locals);
  }
}
