package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;

import io.jgrad.processor.analysis.ArrayEffects;
import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Work arrays given a row per iteration, so that the reverse of a loop whose iterations would be
 * computed again ({@link RecomputedIterations}) finds each iteration's values where it left them:
 * {@code double[] centered = new double[d]}, filled again by each iteration of {@code for (c = 0;
 * c < k; c++)}, gets {@code double[][] centeredRows = new double[k][centered.length]} next to it,
 * and each iteration works in {@code centered = centeredRows[c]}, as a hand-written adjoint keeps
 * a copy per component. The reverse of iteration {@code c} then runs right after the scalars the iteration
 * left (popped from the tape), not after the iteration a second time (gmm's loop over components:
 * the triangular product of each component ran three times a point, now twice).
 *
 * <p>Only where it holds for every array the loop writes and reads: a local {@code double[]} the
 * method keeps to itself ({@link OwnArrays}), allocated once by a statement of the method's body
 * (not nested) before the loop, referred to outside the loop by its length alone; the loop counts
 * from 0 by 1 to a bound the statements before the one holding the loop fix (a literal, or a
 * variable or an array's length assigned once by one of them); no loop inside it is computed again; and there is a
 * loop around it, and every loop around it is computed again or fused, so that no other run of the loop comes between its
 * forward sweep and its reverse. The rows take as much memory as taping what the iterations
 * overwrite would (allocated before the statement of the method's body that holds the loop,
 * {@code max(bound, 0)} rows of the array's length), so only loops inside another: their rows serve every iteration of the
 * loop around (a loop of the method's body over n points keeps computing its iterations again,
 * with one iteration's memory, not n rows).
 */
final class ExpandedArrays {
  /** For a loop: its counter, and the rows of each work array it expands. */
  record Expansion(Var counter, Map<Var, Var> rows) {
    /** {@code work = rows[counter]}, for each work array: where an iteration's sweeps begin. */
    Block rowsOfThisIteration(Stmt.Origin origin) {
      Block out = new Block();
      rows.forEach((work, r) -> out.add(new Stmt.Assign(work, new Expr.Index(ref(r),
          ref(counter), work.type()), origin)));
      return out;
    }
  }

  private final Map<Stmt.Loop, Expansion> loops = new IdentityHashMap<>();
  private final Map<Stmt, List<Stmt>> allocations = new IdentityHashMap<>();

  private ExpandedArrays() {}

  /**
   * The expansions of {@code function}'s (structured) loops among {@code recomputed} whose loops
   * around are all among {@code recomputed} or {@code fused}; {@code rowsOf}: a fresh local for
   * the rows of a work array.
   */
  static ExpandedArrays of(Function function, Var result, Set<Stmt.Loop> recomputed,
      Set<Stmt.Loop> fused, ArrayEffects effects, CalleeTable callees, ToBeRecorded recorded,
      java.util.function.Function<Var, Var> rowsOf) {
    ExpandedArrays out = new ExpandedArrays();
    if (Boolean.getBoolean("jgrad.noExpandedArrays") || recomputed.isEmpty()) {
      return out;
    }
    Shape shape = new Shape(function);
    Set<Var> own = OwnArrays.of(function, v -> v.type().dimensions() == 1);
    RecomputedIterations iterations = RecomputedIterations.analysis(function, result, effects,
        callees, recorded);
    for (Stmt.Loop l : recomputed) {
      Map<Var, Stmt.Assign> works = shape.expandable(l, recomputed, fused, own, effects,
          iterations);
      if (works == null || works.isEmpty()) {
        continue;
      }
      Var counter = ToBeRecorded.countingVariable(l);
      Expr bound = ((Expr.Binary) l.condition()).right();
      Map<Var, Var> rows = new LinkedHashMap<>();
      Stmt before = function.body().stmts().get(shape.placement(l));
      works.forEach((work, allocation) -> {
        Var r = rowsOf.apply(work);
        rows.put(work, r);
        Expr count = new Expr.Conditional(new Expr.Binary(">", bound, Expr.Lit.ofInt(0),
            Type.BOOLEAN), bound, Expr.Lit.ofInt(0), Type.INT);
        out.allocations.computeIfAbsent(before, k -> new ArrayList<>()).add(
            new Stmt.Assign(r, new Expr.NewArray(r.type(), List.of(count,
                new Expr.Length(ref(work)))), allocation.origin()));
      });
      out.loops.put(l, new Expansion(counter, rows));
      if (Boolean.getBoolean("jgrad.debug")) {
        System.err.println("jgrad: " + function.name() + ": the loop at line "
            + l.origin().line() + " keeps a row per iteration of " + rows.keySet().stream()
                .map(Var::name).toList());
      }
    }
    return out;
  }

  /** The loop's expansion, or null. */
  Expansion of(Stmt.Loop l) {
    return loops.get(l);
  }

  /**
   * The allocations of rows that follow {@code s}: the statement before the one of the method's
   * body that holds the loop.
   */
  List<Stmt> allocatedAfter(Stmt s) {
    return allocations.getOrDefault(s, List.of());
  }

  /** Where things are in the method's body: what the conditions in the class comment ask. */
  private static final class Shape {
    private final Function function;
    /** The statement of the method's body each statement is in (itself at the top). */
    private final Map<Stmt, Integer> topIndex = new IdentityHashMap<>();
    private final Map<Stmt, List<Stmt.Loop>> loopsAround = new IdentityHashMap<>();
    /** The statement before each loop in its block, or none. */
    private final Map<Stmt.Loop, Stmt> before = new IdentityHashMap<>();
    private final Map<Var, List<Stmt.Assign>> assignments = new HashMap<>();

    Shape(Function function) {
      this.function = function;
      List<Stmt> top = function.body().stmts();
      for (int i = 0; i < top.size(); i++) {
        walk(top.get(i), i, new ArrayList<>());
      }
      for (int i = 1; i < top.size(); i++) {
        if (top.get(i) instanceof Stmt.Loop l) {
          before.put(l, top.get(i - 1));
        }
      }
    }

    private void walk(Stmt s, int top, List<Stmt.Loop> around) {
      topIndex.put(s, top);
      loopsAround.put(s, List.copyOf(around));
      if (s instanceof Stmt.Assign a) {
        assignments.computeIfAbsent(a.target(), k -> new ArrayList<>()).add(a);
      }
      List<Block> blocks = new ArrayList<>();
      if (s instanceof Stmt.If i) {
        blocks.add(i.then());
        blocks.add(i.otherwise());
      } else if (s instanceof Stmt.Loop l) {
        blocks.add(l.body());
        blocks.add(l.update());
      } else if (s instanceof Stmt.Protected p) {
        blocks.add(p.body());
        blocks.add(p.onThrow());
      }
      List<Stmt.Loop> inner = new ArrayList<>(around);
      if (s instanceof Stmt.Loop l) {
        inner.add(l);
      }
      for (Block b : blocks) {
        List<Stmt> stmts = b.stmts();
        for (int i = 0; i < stmts.size(); i++) {
          walk(stmts.get(i), top, inner);
          if (i > 0 && stmts.get(i) instanceof Stmt.Loop l) {
            before.put(l, stmts.get(i - 1));
          }
        }
      }
    }

    /**
     * The work arrays of {@code l} and the allocation of each, if the loop can keep a row of
     * each per iteration; null if not.
     */
    Map<Var, Stmt.Assign> expandable(Stmt.Loop l, Set<Stmt.Loop> recomputed,
        Set<Stmt.Loop> fused, Set<Var> own, ArrayEffects effects,
        RecomputedIterations iterations) {
      Var counter = ToBeRecorded.countingVariable(l);
      if (counter == null || !(before.get(l) instanceof Stmt.Assign init)
          || init.target() != counter || !(init.value() instanceof Expr.Lit zero)
          || !zero.text().equals("0") || hasJumps(l.body())) {
        return null;
      }
      if (loopsAround.get(l).isEmpty()) {
        return null; // rows for every iteration of the method's loop: computing again keeps one
      }
      for (Stmt.Loop outer : loopsAround.get(l)) {
        if (!recomputed.contains(outer) && !fused.contains(outer)) {
          return null;
        }
      }
      boolean[] innerRecomputed = {false};
      Blocks.visitStmts(l.body(), s -> innerRecomputed[0] |= s instanceof Stmt.Loop inner
          && recomputed.contains(inner));
      RecomputedIterations.Iteration it = iterations.standingAlone(l);
      if (innerRecomputed[0] || it == null) {
        return null;
      }
      Map<Var, Stmt.Assign> works = new LinkedHashMap<>();
      for (Var written : it.classes()) {
        if (!readIn(l, written, effects)) {
          continue; // no reverse statement of the loop reads it
        }
        Stmt.Assign allocation = allocation(written, own, effects);
        int at = placement(l);
        if (allocation == null || topIndex.get(allocation) > at
            || !onlyLengthOutside(written, l)
            || !fixedBefore(((Expr.Binary) l.condition()).right(), at)) {
          return null;
        }
        works.put(written, allocation);
      }
      // in the order of their allocations (the classes come in no order)
      Map<Var, Stmt.Assign> ordered = new LinkedHashMap<>();
      works.entrySet().stream()
          .sorted(java.util.Comparator.comparing(e -> topIndex.get(e.getValue())))
          .forEach(e -> ordered.put(e.getKey(), e.getValue()));
      return ordered;
    }

    /**
     * The index of the statement of the method's body after which the rows of {@code l}'s work
     * arrays are allocated: the one before the statement holding {@code l}, or before that
     * statement's counter's start ({@code int i = 0;} before a loop prints as a for loop).
     */
    int placement(Stmt.Loop l) {
      List<Stmt> top = function.body().stmts();
      int at = topIndex.get(l) - 1;
      if (at >= 0 && top.get(at + 1) instanceof Stmt.Loop holding
          && top.get(at) instanceof Stmt.Assign init
          && init.target() == ToBeRecorded.countingVariable(holding)) {
        at--;
      }
      return at;
    }

    /** True if an element of class {@code c} is read in the loop. */
    private static boolean readIn(Stmt.Loop l, Var c, ArrayEffects effects) {
      boolean[] read = {false};
      Blocks.visitExprs(l.body(), e -> read[0] |= e instanceof Expr.Index i
          && effects.elementClass(i.array()) == c);
      return read[0];
    }

    /**
     * The one allocation, a statement of the method's body, of the own 1-dimensional array
     * that is the class {@code c} alone; null if there is none such.
     */
    private Stmt.Assign allocation(Var c, Set<Var> own, ArrayEffects effects) {
      if (!own.contains(c) || effects.classOf(c) != c || !c.type().equals(Type.DOUBLE_ARRAY)) {
        return null;
      }
      List<Stmt.Assign> assigned = assignments.getOrDefault(c, List.of());
      if (assigned.size() != 1 || !(assigned.get(0).value() instanceof Expr.NewArray)
          || !isTop(assigned.get(0))) {
        return null;
      }
      return assigned.get(0);
    }

    /** True if {@code work} appears outside {@code l} only in its length. */
    private boolean onlyLengthOutside(Var work, Stmt.Loop l) {
      return readsBesideLengths(function.body(), work) == readsBesideLengths(new Block().add(l),
          work);
    }

    /** How often {@code block} names {@code v} other than as {@code v.length}. */
    private static int readsBesideLengths(Block block, Var v) {
      int[] count = {0};
      Blocks.visitExprs(block, e -> {
        if (e instanceof Expr.Ref r && r.var() == v) {
          count[0]++;
        } else if (e instanceof Expr.Length n && n.array() instanceof Expr.Ref r
            && r.var() == v) {
          count[0]--;
        }
      });
      return count[0];
    }

    /**
     * True if {@code bound} has, after the statement {@code top} of the method's body, the
     * value it has at the loop: a literal, or a variable or its length that one statement up to
     * {@code top} assigns, and nothing else (a parameter nothing assigns).
     */
    private boolean fixedBefore(Expr bound, int top) {
      Expr v = bound instanceof Expr.Length n ? n.array() : bound;
      if (v instanceof Expr.Lit) {
        return bound == v;
      }
      if (!(v instanceof Expr.Ref r)) {
        return false;
      }
      List<Stmt.Assign> assigned = assignments.getOrDefault(r.var(), List.of());
      if (r.var().isParam()) {
        return assigned.isEmpty();
      }
      return assigned.size() == 1 && isTop(assigned.get(0))
          && topIndex.get(assigned.get(0)) <= top;
    }

    /** True for a statement of the method's body itself (not nested). */
    private boolean isTop(Stmt s) {
      return function.body().stmts().get(topIndex.get(s)) == s;
    }

    private static boolean hasJumps(Block block) {
      boolean[] jumps = {false};
      Blocks.visitStmts(block, s -> jumps[0] |= s instanceof Stmt.Break
          || s instanceof Stmt.Continue || s instanceof Stmt.Return);
      return jumps[0];
    }
  }
}
