package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ref;

import io.jgrad.processor.ir.Block;
import io.jgrad.processor.ir.Blocks;
import io.jgrad.processor.ir.Expr;
import io.jgrad.processor.ir.Exprs;
import io.jgrad.processor.ir.Function;
import io.jgrad.processor.ir.Names;
import io.jgrad.processor.ir.Stmt;
import io.jgrad.processor.ir.Type;
import io.jgrad.processor.ir.Var;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IR -> IR, on reverse code: an innermost counting loop that sums into the adjoint of a value
 * read in it ({@code wBar += hBar[i][j] * x[k][j]}, the reverse of {@code h[i][j] += w *
 * x[k][j]} with {@code w = w1[i][k]}) is unrolled over {@value #LANES} iterations, each adding
 * into an adjoint of its own, summed after the loop. One sum is a chain of dependent additions,
 * each waiting for the one before (4 cycles apiece on current x86), which is what limited the
 * reverse of a matrix product; {@value #LANES} sums run side by side. Each iteration computes
 * what it computed before, in the same order; only the order of the additions into those
 * adjoints changes (their rounding, as between any two correct rules). Never a primal value:
 * only the variables of {@code adjoints}.
 */
public final class ReductionLanes {
  /** Iterations per round of the unrolled loop, one sum each. */
  static final int LANES = 4;
  /**
   * Loop bodies of more statements are left as they are: four copies grow code, and a longer
   * body has other work to overlap with the additions.
   */
  private static final int MAX_BODY = 6;

  private final Set<Var> adjoints;
  private final Names names;
  private final List<Var> locals;

  private ReductionLanes(Function function, Set<Var> adjoints) {
    this.adjoints = adjoints;
    this.names = Names.of(function);
    this.locals = new ArrayList<>(function.locals());
  }

  /** {@code function} with its adjoint sums in innermost counting loops split over lanes. */
  public static Function apply(Function function, Set<Var> adjoints) {
    if (Boolean.getBoolean("jgrad.noReductionLanes")) {
      return function;
    }
    ReductionLanes pass = new ReductionLanes(function, adjoints);
    Block body = Blocks.withLoopsReplaced(function.body(), loop -> {
      Block lanes = pass.lanes(loop);
      return lanes != null ? lanes : new Block().add(loop);
    });
    return new Function(function.name(), function.params(), function.returnType(), body,
        pass.locals);
  }

  /** The loop with its sums over lanes, or null if it is not such a loop. */
  private Block lanes(Stmt.Loop loop) {
    Shape shape = Shape.of(loop);
    if (shape == null || statements(shape.body()) > MAX_BODY || !arithmetic(shape.body())) {
      return null;
    }
    Set<Var> sums = sums(shape.body());
    if (sums.isEmpty() || Exprs.vars(loop.condition()).stream().anyMatch(sums::contains)) {
      return null;
    }
    Stmt.Origin origin = loop.origin();
    Block out = new Block();
    List<Map<Var, Var>> lanes = new ArrayList<>();
    lanes.add(Map.of());
    for (int k = 1; k < LANES; k++) {
      Map<Var, Var> lane = new HashMap<>();
      for (Var r : sums) {
        Var copy = new Var(names.fresh(r.name()), r.type(), Var.Kind.TEMP);
        locals.add(copy);
        lane.put(r, copy);
        out.add(new Stmt.Assign(copy, io.jgrad.processor.ir.Ops.ZERO, origin));
      }
      lanes.add(lane);
    }
    Block round = new Block();
    // the steps inside a round without the loop's line, so that the body's line comment is
    // printed once per round, not once per lane
    Stmt.Assign step = (Stmt.Assign) shape.step();
    Stmt quietStep = new Stmt.Assign(step.target(), step.value(), Stmt.Origin.NONE);
    for (Map<Var, Var> lane : lanes) {
      if (shape.down()) {
        round.add(quietStep);
      }
      round.addAll(Blocks.renamed(shape.body(), lane));
      if (!shape.down()) {
        round.add(quietStep);
      }
    }
    out.add(new Stmt.Loop(null, shape.roundCondition(LANES), round, new Block(), true, origin));
    out.add(loop);
    for (Var r : sums) {
      Expr total = null;
      for (int k = 1; k < LANES; k++) {
        Expr part = ref(lanes.get(k).get(r));
        total = total == null ? part : new Expr.Binary("+", total, part, r.type());
      }
      out.add(new Stmt.Accumulate(ref(r), total, origin));
    }
    return out;
  }

  /**
   * True if {@code body} is arithmetic on variables and elements only: no tape, no call (a
   * transcendental function costs more than the additions wait).
   */
  private static boolean arithmetic(Block body) {
    boolean[] plain = {true};
    Blocks.visitExprs(body, e -> plain[0] &= !(e instanceof Expr.Invoke
        || e instanceof Expr.Call || e instanceof Expr.New || e instanceof Expr.NewArray
        || e instanceof Expr.NewArrayOf));
    return plain[0];
  }

  private static int statements(Block body) {
    int[] n = {0};
    Blocks.visitStmts(body, s -> n[0]++);
    return n[0];
  }

  /**
   * The adjoints {@code body} only adds into ({@code r += e}, {@code r -= e} with {@code e} not
   * reading {@code r}), each at its top level: nothing else reads or writes them there.
   */
  private Set<Var> sums(Block body) {
    Set<Var> candidates = new LinkedHashSet<>();
    for (Stmt s : body.stmts()) {
      if (s instanceof Stmt.Accumulate a && a.target() instanceof Expr.Ref r
          && adjoints.contains(r.var()) && r.var().type().equals(Type.DOUBLE)
          && !Exprs.vars(a.value()).contains(r.var())) {
        candidates.add(r.var());
      }
    }
    Set<Var> out = new LinkedHashSet<>();
    for (Var r : candidates) {
      boolean onlyAdded = true;
      for (Stmt s : body.stmts()) {
        boolean adds = s instanceof Stmt.Accumulate a && a.target() instanceof Expr.Ref t
            && t.var() == r;
        Set<Var> named = new java.util.HashSet<>(Blocks.reads(new Block().add(s)));
        named.addAll(Blocks.assignedAnyhow(new Block().add(s)));
        if (adds) {
          named.remove(r);
          named.addAll(Exprs.vars(((Stmt.Accumulate) s).value()));
        }
        onlyAdded &= !named.contains(r);
      }
      if (onlyAdded) {
        out.add(r);
      }
    }
    return out;
  }

  /**
   * An innermost counting loop without jumps, {@code while (i > s) { i = i - 1; body }} or
   * {@code while (i < n) { body; i = i + 1; }} with a bound the body does not change: the
   * counter's step, the body without it, and the bound.
   */
  private record Shape(Var counter, Stmt step, Block body, Expr bound, boolean down) {
    static Shape of(Stmt.Loop loop) {
      List<Stmt> stmts = loop.body().stmts();
      if (!loop.testFirst() || !loop.update().isEmpty() || loop.label() != null
          || !(loop.condition() instanceof Expr.Binary c) || stmts.size() < 2
          || !(c.left() instanceof Expr.Ref counter) || !counter.var().type().equals(Type.INT)
          || !(c.right() instanceof Expr.Lit || c.right() instanceof Expr.Ref)) {
        return null;
      }
      Var i = counter.var();
      boolean down = c.op().equals(">");
      if (!down && !c.op().equals("<")) {
        return null;
      }
      Stmt step = down ? stmts.get(0) : stmts.get(stmts.size() - 1);
      if (!(step instanceof Stmt.Assign a) || a.target() != i
          || !(a.value() instanceof Expr.Binary b) || !b.op().equals(down ? "-" : "+")
          || !(b.left() instanceof Expr.Ref self) || self.var() != i
          || !(b.right() instanceof Expr.Lit one) || !one.text().equals("1")) {
        return null;
      }
      Block body = new Block(down ? stmts.subList(1, stmts.size())
          : stmts.subList(0, stmts.size() - 1));
      boolean[] plain = {true};
      Blocks.visitStmts(body, s -> plain[0] &= !(s instanceof Stmt.Loop
          || s instanceof Stmt.Protected || s instanceof Stmt.Break
          || s instanceof Stmt.Continue || s instanceof Stmt.Return
          || s instanceof Stmt.Throw));
      Set<Var> assigned = Blocks.assignedAnyhow(body);
      if (!plain[0] || assigned.contains(i)
          || c.right() instanceof Expr.Ref bound && assigned.contains(bound.var())) {
        return null;
      }
      return new Shape(i, step, body, c.right(), down);
    }

    /**
     * {@code i > s && i - s > lanes - 1} (or {@code i < n && n - i > lanes - 1}): a whole round
     * fits. A difference past the int range only ends the rounds early; the loop itself then
     * runs the iterations left.
     */
    Expr roundCondition(int lanes) {
      Expr ahead = Expr.Lit.ofInt(lanes - 1);
      if (down && bound instanceof Expr.Lit zero && zero.text().equals("0")) {
        return new Expr.Binary(">", ref(counter), ahead, Type.BOOLEAN); // i > 3
      }
      Expr left = down ? new Expr.Binary("-", ref(counter), bound, Type.INT)
          : new Expr.Binary("-", bound, ref(counter), Type.INT);
      Expr inside = new Expr.Binary(down ? ">" : "<", ref(counter), bound, Type.BOOLEAN);
      return new Expr.Binary("&&", inside, new Expr.Binary(">", left, ahead, Type.BOOLEAN),
          Type.BOOLEAN);
    }
  }
}
