package io.jgrad.processor.transform;

import static io.jgrad.processor.ir.Ops.ZERO;
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
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IR -> IR, on reverse code: an innermost loop that adds into one element of a local adjoint
 * array at indices it does not change ({@code centeredBar[col] += t18Bar * l[p]}, the reverse of
 * {@code qx[row] += l[p] * centered[col]} over the rows of a triangular product) adds into a
 * variable instead, added into the element after the loop. Through the element, each addition
 * waits for the store of the one before (a store and a load besides the addition, every
 * iteration); a hand-written adjoint keeps such a sum in a variable. The variable is then an
 * adjoint sum like any other for {@link ForwardOrderLoops} (such loops, a row of a triangle, are
 * too short for {@link ReductionLanes}).
 *
 * <p>Only arrays the function allocates itself ({@code new double[d]}) and uses by their elements
 * and lengths alone: no other variable, tape or call can reach their elements, so nothing in the
 * loop reads or writes the element but the additions. Only the order of the additions into the
 * element changes (its rounding, as between any two correct rules); never a primal value.
 */
public final class InvariantElementSums {
  private final Set<Var> unaliased;
  private final Names names;
  private final List<Var> locals;
  private final Set<Var> sums = new LinkedHashSet<>();
  private final String name;

  private InvariantElementSums(Function function, Set<Var> adjoints) {
    this.name = function.name();
    this.unaliased = OwnArrays.of(function, adjoints::contains);
    this.names = Names.of(function);
    this.locals = new ArrayList<>(function.locals());
  }

  /** The function with its sums moved into variables, and its adjoints with those variables. */
  public record Result(Function function, Set<Var> adjoints) {}

  /** {@code function} (reverse code whose adjoints are {@code adjoints}) with such sums moved. */
  public static Result apply(Function function, Set<Var> adjoints) {
    if (Boolean.getBoolean("jgrad.noInvariantElementSums")) {
      return new Result(function, adjoints);
    }
    InvariantElementSums pass = new InvariantElementSums(function, adjoints);
    if (pass.unaliased.isEmpty()) {
      return new Result(function, adjoints);
    }
    Block body = Blocks.withLoopsReplaced(function.body(),
        loop -> innermost(loop) ? pass.promoted(loop) : new Block().add(loop));
    Set<Var> all = new LinkedHashSet<>(adjoints);
    all.addAll(pass.sums);
    return new Result(new Function(function.name(), function.params(), function.returnType(),
        body, pass.locals), all);
  }

  /** The loop with its sums into invariant elements moved into variables (or as it is). */
  private Block promoted(Stmt.Loop loop) {
    Block whole = new Block().add(loop);
    Set<Var> changed = Blocks.assignedAnyhow(whole);
    Map<Var, Expr> targets = new LinkedHashMap<>();
    Set<Var> rejected = new LinkedHashSet<>();
    Blocks.visitStmts(whole, s -> {
      Var array = s instanceof Stmt.Accumulate a && a.target() instanceof Expr.Index
          ? Exprs.root(a.target()) : null;
      if (array != null && unaliased.contains(array)) {
        Expr target = ((Stmt.Accumulate) s).target();
        Expr before = targets.putIfAbsent(array, target);
        if (before != null && !before.equals(target) || !invariant(target, array, changed)) {
          rejected.add(array);
        }
      }
    });
    targets.keySet().removeAll(rejected);
    // the array must appear in the loop as those targets only
    targets.keySet().removeIf(array -> occurrences(whole, array) != targetCount(whole, array));
    if (targets.isEmpty()) {
      return whole;
    }
    if (Boolean.getBoolean("jgrad.debug")) {
      System.err.println("jgrad: " + name + ": the loop at line " + loop.origin().line()
          + " adds into " + targets.keySet() + " through variables");
    }
    Map<Expr, Var> sumOf = new LinkedHashMap<>();
    Block out = new Block();
    for (Map.Entry<Var, Expr> e : targets.entrySet()) {
      Var sum = new Var(names.fresh(e.getKey().name()), Type.DOUBLE, Var.Kind.TEMP);
      locals.add(sum);
      sums.add(sum);
      sumOf.put(e.getValue(), sum);
      out.add(new Stmt.Assign(sum, ZERO, loop.origin()));
    }
    out.add(new Stmt.Loop(loop.label(), loop.condition(), retargeted(loop.body(), sumOf),
        retargeted(loop.update(), sumOf), loop.testFirst(), loop.origin()));
    for (Map.Entry<Expr, Var> e : sumOf.entrySet()) {
      // a loop that never ran may leave its indices out of range; one that ran had them in
      // range (the primal read the element's value there)
      out.add(new Stmt.If(inRange(e.getKey()),
          new Block().add(new Stmt.Accumulate(e.getKey(), ref(e.getValue()), loop.origin())),
          new Block(), loop.origin()));
    }
    return out;
  }

  /** {@code 0 <= i && i < a.length && 0 <= j && j < a[i].length} for {@code a[i][j]}. */
  private static Expr inRange(Expr element) {
    Expr.Index index = (Expr.Index) element;
    Expr outer = index.array() instanceof Expr.Index row ? inRange(row) : null;
    Expr here = new Expr.Binary("<", index.index(), new Expr.Length(index.array()),
        Type.BOOLEAN);
    if (!(index.index() instanceof Expr.Lit)) {
      here = new Expr.Binary("&&", new Expr.Binary("<=", Expr.Lit.ofInt(0), index.index(),
          Type.BOOLEAN), here, Type.BOOLEAN);
    }
    return outer == null ? here : new Expr.Binary("&&", outer, here, Type.BOOLEAN);
  }

  private static Block retargeted(Block in, Map<Expr, Var> sumOf) {
    Block out = new Block();
    for (Stmt s : in.stmts()) {
      if (s instanceof Stmt.Accumulate a && sumOf.containsKey(a.target())) {
        out.add(new Stmt.Accumulate(ref(sumOf.get(a.target())), a.value(), a.origin()));
      } else {
        out.add(Blocks.withBlocks(s, b -> retargeted(b, sumOf)));
      }
    }
    return out;
  }

  /**
   * True if {@code target} is a whole element of {@code array} (one index per dimension) at
   * indices of variables the loop does not change, literals, and {@code + - *} of them (nothing
   * that can throw or read memory).
   */
  private static boolean invariant(Expr target, Var array, Set<Var> changed) {
    int depth = 0;
    for (Expr x = target; x instanceof Expr.Index i; x = i.array()) {
      if (!plainIndex(i.index(), changed)) {
        return false;
      }
      depth++;
    }
    return depth == array.type().dimensions();
  }

  /** A literal, a variable not in {@code changed}, {@code + - *} of them: nothing throws. */
  static boolean plainIndex(Expr e, Set<Var> changed) {
    if (e instanceof Expr.Lit) {
      return true;
    }
    if (e instanceof Expr.Ref r) {
      return !changed.contains(r.var());
    }
    return e instanceof Expr.Binary b && (b.op().equals("+") || b.op().equals("-")
        || b.op().equals("*")) && plainIndex(b.left(), changed) && plainIndex(b.right(), changed);
  }

  private static int occurrences(Block block, Var array) {
    int[] n = {0};
    Blocks.visitExprs(block, e -> n[0] += e instanceof Expr.Ref r && r.var() == array ? 1 : 0);
    return n[0];
  }

  private static int targetCount(Block block, Var array) {
    int[] n = {0};
    Blocks.visitStmts(block, s -> n[0] += s instanceof Stmt.Accumulate a
        && a.target() instanceof Expr.Index && Exprs.root(a.target()) == array ? 1 : 0);
    return n[0];
  }

  /** A loop with no loop, jump out of it, return, throw or protected block inside. */
  private static boolean innermost(Stmt.Loop loop) {
    boolean[] plain = {true};
    Blocks.visitStmts(loop.body(), s -> plain[0] &= plainStatement(s));
    Blocks.visitStmts(loop.update(), s -> plain[0] &= plainStatement(s));
    return plain[0];
  }

  private static boolean plainStatement(Stmt s) {
    return !(s instanceof Stmt.Loop || s instanceof Stmt.Protected || s instanceof Stmt.Return
        || s instanceof Stmt.Throw || s instanceof Stmt.Break b && b.label() != null
        || s instanceof Stmt.Continue c && c.label() != null);
  }
}
